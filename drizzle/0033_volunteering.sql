CREATE TABLE "volunteer_opportunities" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"location" text NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_role_checks" (
	"role_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"close_hours_before" integer DEFAULT 24 NOT NULL,
	CONSTRAINT "volunteer_settings_single_row" CHECK ("volunteer_settings"."id" = 1),
	CONSTRAINT "volunteer_settings_close_range" CHECK ("volunteer_settings"."close_hours_before" between 0 and 336)
);
--> statement-breakpoint
CREATE TABLE "volunteer_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"places" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volunteer_shifts_places_positive" CHECK ("volunteer_shifts"."places" between 1 and 500),
	CONSTRAINT "volunteer_shifts_times" CHECK ("volunteer_shifts"."start_time" ~ '^[0-2][0-9]:[0-5][0-9]$' and "volunteer_shifts"."end_time" ~ '^[0-2][0-9]:[0-5][0-9]$' and "volunteer_shifts"."start_time" < "volunteer_shifts"."end_time")
);
--> statement-breakpoint
CREATE TABLE "volunteer_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"volunteer_id" integer,
	"name" text,
	"email" text,
	"phone" text,
	"manage_token_hash" text NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"source" text DEFAULT 'public' NOT NULL,
	"attendance" text,
	"minutes" integer,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "volunteer_signups_status" CHECK ("volunteer_signups"."status" in ('confirmed', 'cancelled')),
	CONSTRAINT "volunteer_signups_attendance" CHECK ("volunteer_signups"."attendance" is null or "volunteer_signups"."attendance" in ('came', 'no_show')),
	CONSTRAINT "volunteer_signups_minutes" CHECK ("volunteer_signups"."minutes" is null or ("volunteer_signups"."minutes" between 0 and 1440 and "volunteer_signups"."attendance" = 'came'))
);
--> statement-breakpoint
CREATE TABLE "volunteers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"check_seen_on" date,
	"check_expires_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volunteers_email_lower" CHECK ("volunteers"."email" = lower("volunteers"."email"))
);
--> statement-breakpoint
ALTER TABLE "volunteer_opportunities" ADD CONSTRAINT "volunteer_opportunities_role_id_volunteer_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."volunteer_roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_role_checks" ADD CONSTRAINT "volunteer_role_checks_role_id_volunteer_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."volunteer_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_shifts" ADD CONSTRAINT "volunteer_shifts_opportunity_id_volunteer_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."volunteer_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD CONSTRAINT "volunteer_signups_shift_id_volunteer_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."volunteer_shifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD CONSTRAINT "volunteer_signups_volunteer_id_volunteers_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."volunteers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "volunteer_opportunities_role_idx" ON "volunteer_opportunities" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "volunteer_shifts_date_idx" ON "volunteer_shifts" USING btree ("date","start_time");--> statement-breakpoint
CREATE INDEX "volunteer_shifts_opportunity_idx" ON "volunteer_shifts" USING btree ("opportunity_id","date");--> statement-breakpoint
CREATE INDEX "volunteer_signups_shift_idx" ON "volunteer_signups" USING btree ("shift_id","status");--> statement-breakpoint
CREATE INDEX "volunteer_signups_volunteer_idx" ON "volunteer_signups" USING btree ("volunteer_id");--> statement-breakpoint
CREATE INDEX "volunteer_signups_token_idx" ON "volunteer_signups" USING btree ("manage_token_hash");--> statement-breakpoint
CREATE INDEX "volunteer_signups_email_idx" ON "volunteer_signups" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "volunteer_signups_once_idx" ON "volunteer_signups" USING btree ("shift_id","volunteer_id") WHERE "volunteer_signups"."status" = 'confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "volunteers_email_idx" ON "volunteers" USING btree ("email");
--> statement-breakpoint
INSERT INTO "volunteer_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Sample content on a fresh install only (migrations run before the first-start seed, so
-- site_settings is still empty then): one opportunity for the Christmas Craft Fair, three
-- weeks after the install date (as the sample fair is), with its shifts.
INSERT INTO "volunteer_opportunities" ("role_id", "title", "description", "location")
SELECT "id", 'Christmas Craft Fair helpers', 'Set up the hall, welcome visitors, cover stalls for breaks and pack away. No experience needed: we show you everything on the day.', 'Millbrook Town Hall'
FROM "volunteer_roles" WHERE "slug" = 'event-support' AND NOT EXISTS (SELECT 1 FROM "site_settings");
--> statement-breakpoint
INSERT INTO "volunteer_shifts" ("opportunity_id", "date", "start_time", "end_time", "places")
SELECT o."id", current_date + s.days, s.start_time, s.end_time, s.places
FROM "volunteer_opportunities" o
CROSS JOIN (VALUES (20, '17:00', '19:00', 4), (21, '08:00', '10:00', 4), (21, '10:00', '13:00', 3), (21, '13:00', '16:00', 3), (21, '16:00', '18:00', 4)) AS s(days, start_time, end_time, places)
WHERE o."title" = 'Christmas Craft Fair helpers' AND NOT EXISTS (SELECT 1 FROM "site_settings");
