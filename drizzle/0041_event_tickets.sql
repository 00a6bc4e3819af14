CREATE TABLE "booking_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"ticket_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_pence" integer NOT NULL,
	"places_per_ticket" integer NOT NULL,
	"attendee_names" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "booking_lines_quantity_check" CHECK ("booking_lines"."quantity" between 1 and 10),
	CONSTRAINT "booking_lines_unit_check" CHECK ("booking_lines"."unit_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"event_ids" integer[],
	"starts_on" date,
	"ends_on" date,
	"max_uses" integer,
	"max_uses_per_email" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind_check" CHECK ("discount_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "discount_codes_amount_check" CHECK ("discount_codes"."amount" > 0 and ("discount_codes"."kind" <> 'percent' or "discount_codes"."amount" <= 100)),
	CONSTRAINT "discount_codes_uses_check" CHECK (("discount_codes"."max_uses" is null or "discount_codes"."max_uses" > 0) and ("discount_codes"."max_uses_per_email" is null or "discount_codes"."max_uses_per_email" > 0)),
	CONSTRAINT "discount_codes_dates_check" CHECK ("discount_codes"."starts_on" is null or "discount_codes"."ends_on" is null or "discount_codes"."starts_on" <= "discount_codes"."ends_on")
);
--> statement-breakpoint
CREATE TABLE "event_ticket_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_pence" integer DEFAULT 0 NOT NULL,
	"places_per_ticket" integer DEFAULT 1 NOT NULL,
	"ticket_limit" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_ticket_types_price_check" CHECK ("event_ticket_types"."price_pence" >= 0),
	CONSTRAINT "event_ticket_types_places_check" CHECK ("event_ticket_types"."places_per_ticket" between 1 and 10),
	CONSTRAINT "event_ticket_types_limit_check" CHECK ("event_ticket_types"."ticket_limit" is null or "event_ticket_types"."ticket_limit" > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_quantity_range";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount_code_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "donation_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "gift_aid_declaration_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_in_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "attendee_names" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_ticket_type_id_event_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."event_ticket_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ticket_types" ADD CONSTRAINT "event_ticket_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_lines_booking_idx" ON "booking_lines" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_lines_type_idx" ON "booking_lines" USING btree ("ticket_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "event_ticket_types_event_idx" ON "event_ticket_types" USING btree ("event_id","position");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_gift_aid_declaration_id_gift_aid_declarations_id_fk" FOREIGN KEY ("gift_aid_declaration_id") REFERENCES "public"."gift_aid_declarations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_discount_code_idx" ON "bookings" USING btree ("discount_code_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_places_range" CHECK ("bookings"."quantity" between 1 and 100);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_discount_donation_non_negative" CHECK ("bookings"."discount_pence" >= 0 and "bookings"."donation_pence" >= 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_checked_in_range" CHECK ("bookings"."checked_in_count" between 0 and "bookings"."quantity");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_discount_code_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Every event that books online keeps working as one ticket type at its price.
INSERT INTO "event_ticket_types" ("event_id", "name", "price_pence", "places_per_ticket", "position")
SELECT "id", 'Ticket', coalesce("ticket_price_pence", 0), 1, 0 FROM "events" WHERE "booking_mode" IN ('free', 'paid');--> statement-breakpoint
-- Each booking made before becomes one line of that type; a party already checked in arrived whole.
INSERT INTO "booking_lines" ("booking_id", "ticket_type_id", "name", "quantity", "unit_pence", "places_per_ticket")
SELECT b."id", t."id", t."name", b."quantity", b."amount_pence" / b."quantity", 1
FROM "bookings" b JOIN "event_ticket_types" t ON t."event_id" = b."event_id";--> statement-breakpoint
UPDATE "bookings" SET "checked_in_count" = "quantity" WHERE "checked_in_at" IS NOT NULL;
