ALTER TABLE "bookings" ADD COLUMN "client_hash" text;--> statement-breakpoint
ALTER TABLE "giving_settings" ADD COLUMN "max_tickets_per_client" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_event_client_idx" ON "bookings" USING btree ("event_id","client_hash");--> statement-breakpoint
ALTER TABLE "giving_settings" ADD CONSTRAINT "giving_settings_tickets_per_client_range" CHECK ("giving_settings"."max_tickets_per_client" between 1 and 1000);