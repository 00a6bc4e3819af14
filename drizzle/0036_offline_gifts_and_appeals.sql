CREATE TABLE "appeal_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"appeal_id" integer NOT NULL,
	"body" text NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appeal_updates_length" CHECK (length("appeal_updates"."body") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"cause_id" integer NOT NULL,
	"goal_pence" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"matcher_name" text DEFAULT '' NOT NULL,
	"match_from" date,
	"match_to" date,
	"match_cap_pence" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appeals_cause_id_unique" UNIQUE("cause_id"),
	CONSTRAINT "appeals_goal_positive" CHECK ("appeals"."goal_pence" > 0),
	CONSTRAINT "appeals_dates" CHECK ("appeals"."starts_on" <= "appeals"."ends_on"),
	CONSTRAINT "appeals_match" CHECK (("appeals"."match_from" is null and "appeals"."match_to" is null and "appeals"."match_cap_pence" is null) or ("appeals"."match_from" <= "appeals"."match_to" and "appeals"."match_cap_pence" > 0))
);
--> statement-breakpoint
CREATE TABLE "declaration_records" (
	"declaration_id" uuid PRIMARY KEY NOT NULL,
	"made_how" text NOT NULL,
	"record_sent_on" date,
	"recorded_by" text NOT NULL,
	CONSTRAINT "declaration_records_how" CHECK ("declaration_records"."made_how" in ('paper', 'spoken'))
);
--> statement-breakpoint
CREATE TABLE "offline_gifts" (
	"donation_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"collected_as" text,
	"received_on" date NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offline_gifts_method" CHECK ("offline_gifts"."method" in ('cash', 'cheque', 'bank-transfer', 'collection')),
	CONSTRAINT "offline_gifts_collected_as" CHECK (("offline_gifts"."method" = 'collection') = ("offline_gifts"."collected_as" is not null))
);
--> statement-breakpoint
CREATE TABLE "small_donation_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"tax_year" integer NOT NULL,
	"donations_pence" integer NOT NULL,
	"top_up_pence" integer NOT NULL,
	"claimed_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appeal_updates" ADD CONSTRAINT "appeal_updates_appeal_id_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."appeals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_cause_id_causes_id_fk" FOREIGN KEY ("cause_id") REFERENCES "public"."causes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_records" ADD CONSTRAINT "declaration_records_declaration_id_gift_aid_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."gift_aid_declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_gifts" ADD CONSTRAINT "offline_gifts_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appeal_updates_appeal_idx" ON "appeal_updates" USING btree ("appeal_id","posted_at");--> statement-breakpoint
CREATE INDEX "offline_gifts_received_idx" ON "offline_gifts" USING btree ("method","received_on");