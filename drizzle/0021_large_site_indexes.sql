CREATE TABLE "donation_totals" (
	"status" text NOT NULL,
	"mode" text NOT NULL,
	"gift_aid" boolean NOT NULL,
	"cause_key" integer NOT NULL,
	"gifts" integer NOT NULL,
	"pence" bigint NOT NULL,
	CONSTRAINT "donation_totals_status_mode_gift_aid_cause_key_pk" PRIMARY KEY("status","mode","gift_aid","cause_key")
);
--> statement-breakpoint
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_email_idx";--> statement-breakpoint
DROP INDEX "donations_paid_at_idx";--> statement-breakpoint
CREATE INDEX "audit_log_at_id_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_at_idx" ON "audit_log" USING btree (lower("actor_email"),"at","id");--> statement-breakpoint
CREATE INDEX "donations_paid_at_reference_idx" ON "donations" USING btree ("paid_at","reference");--> statement-breakpoint
CREATE INDEX "form_submissions_status_idx" ON "form_submissions" USING btree ("status","created_at","id");--> statement-breakpoint
-- donation_totals follows donations: each gift's amount is taken off its old group and
-- added to its new one in the gift's own transaction. See docs/decisions/139.
CREATE FUNCTION donation_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM donation_totals;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE donation_totals SET gifts = gifts - 1, pence = pence - OLD.amount_pence
    WHERE status = OLD.status AND mode = OLD.mode AND gift_aid = (OLD.declaration_id IS NOT NULL) AND cause_key = coalesce(OLD.cause_id, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO donation_totals AS t (status, mode, gift_aid, cause_key, gifts, pence)
    VALUES (NEW.status, NEW.mode, NEW.declaration_id IS NOT NULL, coalesce(NEW.cause_id, 0), 1, NEW.amount_pence)
    ON CONFLICT (status, mode, gift_aid, cause_key) DO UPDATE SET gifts = t.gifts + 1, pence = t.pence + excluded.pence;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER donation_totals_follow AFTER INSERT OR DELETE OR UPDATE OF status, mode, declaration_id, cause_id, amount_pence ON donations FOR EACH ROW EXECUTE FUNCTION donation_totals_follow();
--> statement-breakpoint
CREATE TRIGGER donation_totals_truncate AFTER TRUNCATE ON donations FOR EACH STATEMENT EXECUTE FUNCTION donation_totals_follow();
--> statement-breakpoint
INSERT INTO donation_totals (status, mode, gift_aid, cause_key, gifts, pence)
SELECT status, mode, declaration_id IS NOT NULL, coalesce(cause_id, 0), count(*), sum(amount_pence) FROM donations GROUP BY 1, 2, 3, 4;
