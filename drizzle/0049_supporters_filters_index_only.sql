DROP INDEX "donations_supporter_paid_idx";--> statement-breakpoint
DROP INDEX "supporters_name_id_idx";--> statement-breakpoint
CREATE INDEX "donations_supporter_paid_idx" ON "donations" USING btree ("supporter_id","paid_at","status");--> statement-breakpoint
CREATE INDEX "supporters_name_id_idx" ON "supporters" USING btree (lower("name"),"id","name","subscribed","email","postcode");