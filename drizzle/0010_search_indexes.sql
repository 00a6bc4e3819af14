CREATE INDEX "audit_log_actor_email_idx" ON "audit_log" USING btree (lower("actor_email"));--> statement-breakpoint
CREATE INDEX "craft_fairs_admin_order_idx" ON "craft_fairs" USING btree ("date","time","id");--> statement-breakpoint
CREATE INDEX "donations_cause_idx" ON "donations" USING btree ("cause_id","status");--> statement-breakpoint
CREATE INDEX "donations_declaration_idx" ON "donations" USING btree ("declaration_id");--> statement-breakpoint
CREATE INDEX "donations_email_trgm_idx" ON "donations" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "donations_reference_trgm_idx" ON "donations" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_admin_order_idx" ON "events" USING btree ("date","time","id");--> statement-breakpoint
CREATE INDEX "form_submissions_created_idx" ON "form_submissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "form_submissions_name_trgm_idx" ON "form_submissions" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "form_submissions_email_trgm_idx" ON "form_submissions" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "form_submissions_reference_trgm_idx" ON "form_submissions" USING gin ("reference" gin_trgm_ops);