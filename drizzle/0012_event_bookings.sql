CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount_pence" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"stripe_checkout_session_id" text,
	"stripe_payment_intent_id" text,
	"cancel_token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "bookings_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id"),
	CONSTRAINT "bookings_cancel_token_hash_unique" UNIQUE("cancel_token_hash"),
	CONSTRAINT "bookings_quantity_range" CHECK ("bookings"."quantity" between 1 and 10),
	CONSTRAINT "bookings_amount_non_negative" CHECK ("bookings"."amount_pence" >= 0),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('held', 'confirmed', 'cancelled', 'refunded', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "booking_mode" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ticket_price_pence" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "booking_url" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_event_status_idx" ON "bookings" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "bookings_payment_intent_idx" ON "bookings" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_booking_mode_check" CHECK ("events"."booking_mode" in ('none', 'free', 'paid', 'external'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_ticket_price_pence_check" CHECK (("events"."booking_mode" = 'paid') = ("events"."ticket_price_pence" is not null) and ("events"."ticket_price_pence" is null or "events"."ticket_price_pence" > 0));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_booking_url_check" CHECK ("events"."booking_mode" <> 'external' or "events"."booking_url" is not null);