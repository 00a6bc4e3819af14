CREATE TABLE "insights_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"financial_year_start_month" integer DEFAULT 4 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insights_settings_single_row" CHECK ("insights_settings"."id" = 1),
	CONSTRAINT "insights_settings_month_range" CHECK ("insights_settings"."financial_year_start_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"path" text NOT NULL,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "page_views_device_check" CHECK ("page_views"."device" in ('phone', 'tablet', 'desktop'))
);
--> statement-breakpoint
CREATE TABLE "visit_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "visit_daily_day_dimension_value_pk" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
CREATE INDEX "page_views_day_idx" ON "page_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "visit_daily_dimension_day_idx" ON "visit_daily" USING btree ("dimension","day");