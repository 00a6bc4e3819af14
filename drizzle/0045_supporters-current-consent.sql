ALTER TABLE "supporters" ADD COLUMN "subscribed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "supporters_subscribed_idx" ON "supporters" USING btree ("id") WHERE "supporters"."subscribed";--> statement-breakpoint
-- Subscribed now, kept by the database: each change to a supporter's consent events works
-- out the latest again. The supporter's row is locked first, so the look-up (a new
-- statement, a new snapshot) sees any consent event committed by a transaction it waited for.
-- FOR NO KEY UPDATE, not FOR UPDATE: the consent event's foreign key already holds a key-share
-- lock on the row, and two of those upgrading to FOR UPDATE would deadlock.
CREATE FUNCTION supporters_refresh_subscribed(who uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM supporters WHERE id = who FOR NO KEY UPDATE;
  UPDATE supporters SET subscribed = coalesce(
    (SELECT c.given FROM consent_events c WHERE c.supporter_id = who ORDER BY c.at DESC, c.id DESC LIMIT 1), false)
  WHERE id = who;
END $$;--> statement-breakpoint
CREATE FUNCTION consent_events_keep_subscribed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM supporters_refresh_subscribed(NEW.supporter_id); END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.supporter_id IS DISTINCT FROM NEW.supporter_id) THEN
    PERFORM supporters_refresh_subscribed(OLD.supporter_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER consent_events_keep_subscribed AFTER INSERT OR UPDATE OR DELETE ON consent_events
  FOR EACH ROW EXECUTE FUNCTION consent_events_keep_subscribed();--> statement-breakpoint
-- What the events say today.
UPDATE supporters s SET subscribed = true
FROM (SELECT DISTINCT ON (supporter_id) supporter_id, given FROM consent_events ORDER BY supporter_id, at DESC, id DESC) c
WHERE c.supporter_id = s.id AND c.given;
