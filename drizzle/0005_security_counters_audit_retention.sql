CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"window_seconds" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"meta" jsonb
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "retention_months_audit_log" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_audit_retention_range" CHECK ("site_settings"."retention_months_audit_log" between 12 and 120);