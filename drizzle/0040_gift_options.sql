CREATE TABLE "donation_fee_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"card_percent_bp" integer NOT NULL,
	"card_fixed_pence" integer NOT NULL,
	"bacs_percent_bp" integer NOT NULL,
	"bacs_fixed_pence" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_fee_settings_one_row" CHECK ("donation_fee_settings"."id" = 1),
	CONSTRAINT "donation_fee_settings_ranges" CHECK ("donation_fee_settings"."card_percent_bp" between 0 and 2000 and "donation_fee_settings"."bacs_percent_bp" between 0 and 2000 and "donation_fee_settings"."card_fixed_pence" between 0 and 500 and "donation_fee_settings"."bacs_fixed_pence" between 0 and 500)
);
--> statement-breakpoint
CREATE TABLE "failed_payments" (
	"stripe_invoice_id" text PRIMARY KEY NOT NULL,
	"monthly_gift_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"first_failed_at" timestamp with time zone NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"donor_told_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gift_dedications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donation_id" uuid,
	"monthly_gift_id" uuid,
	"kind" text NOT NULL,
	"honoree_name" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"notify_name" text,
	"notify_email" text,
	"show_amount" boolean DEFAULT false NOT NULL,
	"notice_queued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_dedications_donation_id_unique" UNIQUE("donation_id"),
	CONSTRAINT "gift_dedications_monthly_gift_id_unique" UNIQUE("monthly_gift_id"),
	CONSTRAINT "gift_dedications_one_gift" CHECK (("gift_dedications"."donation_id" is null) <> ("gift_dedications"."monthly_gift_id" is null)),
	CONSTRAINT "gift_dedications_kind" CHECK ("gift_dedications"."kind" in ('memory', 'honour'))
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "fee_covered_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD COLUMN "at_risk_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD COLUMN "ended_reason" text;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD COLUMN "fee_covered_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "failed_payments_gift_idx" ON "failed_payments" USING btree ("monthly_gift_id","last_failed_at");--> statement-breakpoint
ALTER TABLE "gift_dedications" ADD CONSTRAINT "gift_dedications_donation_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "gift_dedications" ADD CONSTRAINT "gift_dedications_monthly_gift_fk" FOREIGN KEY ("monthly_gift_id") REFERENCES "public"."monthly_gifts"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "failed_payments" ADD CONSTRAINT "failed_payments_monthly_gift_fk" FOREIGN KEY ("monthly_gift_id") REFERENCES "public"."monthly_gifts"("id") ON DELETE cascade;
