ALTER TABLE "bookings" ADD COLUMN "refund_owed_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_error" text;