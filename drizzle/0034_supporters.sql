CREATE TABLE "consent_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"supporter_id" uuid NOT NULL,
	"given" boolean NOT NULL,
	"source" text NOT NULL,
	"wording" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_requests" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"wording" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supporter_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"supporter_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supporter_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"supporter_id" uuid NOT NULL,
	"body" text NOT NULL,
	"author_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supporter_tags" (
	"supporter_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supporter_tags_supporter_id_tag_pk" PRIMARY KEY("supporter_id","tag")
);
--> statement-breakpoint
CREATE TABLE "supporters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"email_refused_at" timestamp with time zone,
	"email_refused_reason" text,
	"preferences_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supporters_email_unique" UNIQUE("email"),
	CONSTRAINT "supporters_preferences_token_unique" UNIQUE("preferences_token"),
	CONSTRAINT "supporters_email_normalised" CHECK ("supporters"."email" = lower(btrim("supporters"."email")) and "supporters"."email" <> '')
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supporter_id" uuid;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "supporter_id" uuid;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "supporter_id" uuid;--> statement-breakpoint
ALTER TABLE "gift_aid_declarations" ADD COLUMN "supporter_id" uuid;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD COLUMN "supporter_id" uuid;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_activity" ADD CONSTRAINT "supporter_activity_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_notes" ADD CONSTRAINT "supporter_notes_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_tags" ADD CONSTRAINT "supporter_tags_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_supporter_at_idx" ON "consent_events" USING btree ("supporter_id","at","id");--> statement-breakpoint
CREATE INDEX "subscription_requests_email_idx" ON "subscription_requests" USING btree ("email");--> statement-breakpoint
CREATE INDEX "supporter_activity_supporter_at_idx" ON "supporter_activity" USING btree ("supporter_id","at","id");--> statement-breakpoint
CREATE INDEX "supporter_notes_supporter_idx" ON "supporter_notes" USING btree ("supporter_id","created_at");--> statement-breakpoint
CREATE INDEX "supporter_tags_tag_idx" ON "supporter_tags" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "supporters_name_id_idx" ON "supporters" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "supporters_created_idx" ON "supporters" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "supporters_search_trgm_idx" ON "supporters" USING gin ((lower("name") || ' ' || "email" || ' ' || lower("postcode")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_supporter_idx" ON "bookings" USING btree ("supporter_id");--> statement-breakpoint
CREATE INDEX "donations_supporter_paid_idx" ON "donations" USING btree ("supporter_id","paid_at");--> statement-breakpoint
CREATE INDEX "form_submissions_supporter_idx" ON "form_submissions" USING btree ("supporter_id");--> statement-breakpoint
CREATE INDEX "gift_aid_declarations_supporter_idx" ON "gift_aid_declarations" USING btree ("supporter_id");--> statement-breakpoint
CREATE INDEX "monthly_gifts_supporter_idx" ON "monthly_gifts" USING btree ("supporter_id","status");--> statement-breakpoint
-- The links from the older tables (written by hand: the platform's schema does not import a feature).
-- Deleting a supporter (erasure) leaves the gifts kept for HMRC without a supporter.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_supporter_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_supporter_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_supporter_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "gift_aid_declarations" ADD CONSTRAINT "gift_aid_declarations_supporter_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD CONSTRAINT "monthly_gifts_supporter_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE set null;--> statement-breakpoint
-- One supporter for each address already on a gift, declaration, booking or form (normalised:
-- lower case, trimmed), with the latest name and postcode given, then every row linked to it.
WITH people AS (
  SELECT lower(btrim("email")) AS email, btrim("first_name" || ' ' || "last_name") AS name, btrim("postcode") AS postcode, "made_at" AS at FROM "gift_aid_declarations"
  UNION ALL SELECT lower(btrim("email")), btrim("name"), '', "created_at" FROM "bookings"
  UNION ALL SELECT lower(btrim("email")), btrim("name"), '', "created_at" FROM "form_submissions"
  UNION ALL SELECT lower(btrim("email")), '', '', "paid_at" FROM "donations"
  UNION ALL SELECT lower(btrim("email")), '', '', "started_at" FROM "monthly_gifts"
)
INSERT INTO "supporters" ("email", "name", "postcode", "created_at")
SELECT "email",
  coalesce((array_agg("name" ORDER BY at DESC) FILTER (WHERE "name" <> ''))[1], ''),
  coalesce((array_agg("postcode" ORDER BY at DESC) FILTER (WHERE "postcode" <> ''))[1], ''),
  min(at)
FROM people WHERE "email" <> '' GROUP BY "email";--> statement-breakpoint
UPDATE "gift_aid_declarations" t SET "supporter_id" = s."id" FROM "supporters" s WHERE s."email" = lower(btrim(t."email"));--> statement-breakpoint
UPDATE "bookings" t SET "supporter_id" = s."id" FROM "supporters" s WHERE s."email" = lower(btrim(t."email"));--> statement-breakpoint
UPDATE "form_submissions" t SET "supporter_id" = s."id" FROM "supporters" s WHERE s."email" = lower(btrim(t."email"));--> statement-breakpoint
UPDATE "donations" t SET "supporter_id" = s."id" FROM "supporters" s WHERE s."email" = lower(btrim(t."email"));--> statement-breakpoint
UPDATE "monthly_gifts" t SET "supporter_id" = s."id" FROM "supporters" s WHERE s."email" = lower(btrim(t."email"));
