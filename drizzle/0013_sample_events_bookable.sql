-- The sample quiz night sells its tickets online (£10 each) on sites that still have it
-- as it was seeded; every other event keeps booking mode "none" (its price text only).
UPDATE "events"
SET "booking_mode" = 'paid', "ticket_price_pence" = 1000
WHERE "title" = 'Big Community Quiz Night' AND "ticket_price" = '10' AND "booking_mode" = 'none';
