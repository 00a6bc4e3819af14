CREATE TABLE "donation_checkouts" (
	"token" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"mode" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"values" jsonb NOT NULL,
	"stripe_session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_checkouts_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"currency" text DEFAULT 'gbp' NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"email" text NOT NULL,
	"cause_id" integer,
	"cause_title" text,
	"declaration_id" uuid,
	"monthly_gift_id" uuid,
	"claim_id" integer,
	"stripe_checkout_session_id" text,
	"stripe_invoice_id" text,
	"stripe_payment_intent_id" text,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donations_reference_unique" UNIQUE("reference"),
	CONSTRAINT "donations_stripe_invoice_id_unique" UNIQUE("stripe_invoice_id"),
	CONSTRAINT "donations_amount_positive" CHECK ("donations"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_aid_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"gift_count" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"claimed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_aid_declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"title" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"house" text NOT NULL,
	"postcode" text NOT NULL,
	"declaration_text" text NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "giving_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"max_donation_pence" integer DEFAULT 500000 NOT NULL,
	"other_ways_text" text DEFAULT '' NOT NULL,
	"offline_raised_pence" integer DEFAULT 650000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giving_settings_single_row" CHECK ("giving_settings"."id" = 1),
	CONSTRAINT "giving_settings_max_range" CHECK ("giving_settings"."max_donation_pence" between 100 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "monthly_gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"stripe_subscription_id" text NOT NULL,
	"stripe_customer_id" text,
	"email" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"cause_id" integer,
	"cause_title" text,
	"declaration_id" uuid,
	"stop_token" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "monthly_gifts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "monthly_gifts_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id"),
	CONSTRAINT "monthly_gifts_stop_token_unique" UNIQUE("stop_token")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_declaration_id_gift_aid_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."gift_aid_declarations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_monthly_gift_id_monthly_gifts_id_fk" FOREIGN KEY ("monthly_gift_id") REFERENCES "public"."monthly_gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_claim_id_gift_aid_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."gift_aid_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD CONSTRAINT "monthly_gifts_declaration_id_gift_aid_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."gift_aid_declarations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donations_checkout_session_idx" ON "donations" USING btree ("stripe_checkout_session_id");--> statement-breakpoint
CREATE INDEX "donations_paid_at_idx" ON "donations" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "donations_email_idx" ON "donations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "donations_payment_intent_idx" ON "donations" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE INDEX "gift_aid_declarations_email_idx" ON "gift_aid_declarations" USING btree (lower("email"));