-- The roles the Support page showed before they were editable (the same words for existing and new installs).
INSERT INTO "volunteer_roles" ("slug", "title", "description", "commitment", "skills", "sort_order") VALUES
  ('event-support', 'Event Support', 'Help set up, run and pack away our fairs, quiz nights and gala.', 'A few hours per event, mostly weekends and evenings', 'Friendly, reliable, happy to lift and carry', 0),
  ('fundraising-team', 'Fundraising Team', 'Plan new fundraising ideas, run collections and look after our supporters.', '2 to 4 hours a month', 'Ideas, confidence talking to people', 1),
  ('community-outreach', 'Community Outreach', 'Tell local groups about the Community Fund and help them apply.', 'Flexible, about 4 hours a month', 'Good listener, knows Millbrook', 2),
  ('administrative-support', 'Administrative Support', 'Keep our records, mailing lists and paperwork in order.', '2 hours a week, can be from home', 'Organised, comfortable with email and spreadsheets', 3);
--> statement-breakpoint
-- The reports the Trustees page linked to before they were editable (built-in files under /reports).
INSERT INTO "annual_reports" ("year", "title", "file") VALUES
  (2024, 'Annual Report 2024', '/reports/annual-report-2024.pdf'),
  (2023, 'Annual Report 2023', '/reports/annual-report-2023.pdf');
--> statement-breakpoint
-- The gallery the Craft Fairs page showed before it was editable (built-in images).
INSERT INTO "craft_fair_gallery" ("image", "image_alt", "sort_order") VALUES
  ('/images/craft-fairs/gallery-pottery.svg', 'Hand-thrown pottery in soft blues and greens on a stall table', 0),
  ('/images/craft-fairs/gallery-knitwear.svg', 'Hand-knitted scarves and hats hanging on a rail', 1),
  ('/images/craft-fairs/gallery-candles.svg', 'Rows of homemade candles in glass jars', 2),
  ('/images/craft-fairs/gallery-woodwork.svg', 'Carved wooden bowls and spoons', 3),
  ('/images/craft-fairs/gallery-jewellery.svg', 'Silver and bead jewellery displayed on cards', 4),
  ('/images/craft-fairs/gallery-crowd.svg', 'Visitors browsing stalls in a busy, bunting-lined hall', 5);
