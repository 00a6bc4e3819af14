DROP INDEX "audit_log_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_email_idx";--> statement-breakpoint
DROP INDEX "donations_paid_at_idx";--> statement-breakpoint
CREATE INDEX "audit_log_at_id_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_at_idx" ON "audit_log" USING btree (lower("actor_email"),"at","id");--> statement-breakpoint
CREATE INDEX "donations_paid_at_reference_idx" ON "donations" USING btree ("paid_at","reference");--> statement-breakpoint
CREATE INDEX "form_submissions_status_idx" ON "form_submissions" USING btree ("status","created_at","id");