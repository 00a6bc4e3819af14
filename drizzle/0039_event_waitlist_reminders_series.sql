CREATE TABLE "booking_mails" (
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_mails_booking_id_kind_pk" PRIMARY KEY("booking_id","kind"),
	CONSTRAINT "booking_mails_kind_check" CHECK ("booking_mails"."kind" in ('reminder', 'thank-you'))
);
--> statement-breakpoint
CREATE TABLE "event_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"frequency" text NOT NULL,
	"starts_on" date NOT NULL,
	"month_week" integer,
	"until" date,
	"count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_series_frequency_check" CHECK ("event_series"."frequency" in ('weekly', 'fortnightly', 'monthly')),
	CONSTRAINT "event_series_end_check" CHECK (("event_series"."until" is null) <> ("event_series"."count" is null)),
	CONSTRAINT "event_series_count_range" CHECK ("event_series"."count" is null or "event_series"."count" between 1 and 104),
	CONSTRAINT "event_series_month_week_check" CHECK ("event_series"."month_week" is null or "event_series"."month_week" in (-1, 1, 2, 3, 4))
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"places" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"offer_token_hash" text,
	"offer_mailed_at" timestamp with time zone,
	"offers" integer DEFAULT 0 NOT NULL,
	"booking_id" uuid,
	"supporter_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_offer_token_hash_unique" UNIQUE("offer_token_hash"),
	CONSTRAINT "waitlist_entries_places_range" CHECK ("waitlist_entries"."places" between 1 and 100),
	CONSTRAINT "waitlist_entries_status_check" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'booked', 'lapsed', 'removed')),
	CONSTRAINT "waitlist_entries_offer_check" CHECK ("waitlist_entries"."status" <> 'offered' or "waitlist_entries"."offer_expires_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "thank_you_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "giving_settings" ADD COLUMN "waitlist_offer_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "giving_settings" ADD COLUMN "reminder_hours_before" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_mails" ADD CONSTRAINT "booking_mails_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_event_idx" ON "waitlist_entries" USING btree ("event_id","status","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_supporter_idx" ON "waitlist_entries" USING btree ("supporter_id");--> statement-breakpoint
CREATE INDEX "events_series_idx" ON "events" USING btree ("series_id","date");--> statement-breakpoint
ALTER TABLE "giving_settings" ADD CONSTRAINT "giving_settings_waitlist_offer_hours_range" CHECK ("giving_settings"."waitlist_offer_hours" between 1 and 168);--> statement-breakpoint
ALTER TABLE "giving_settings" ADD CONSTRAINT "giving_settings_reminder_hours_range" CHECK ("giving_settings"."reminder_hours_before" between 1 and 168);--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_id_event_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."event_series"("id") ON DELETE set null ON UPDATE no action;
