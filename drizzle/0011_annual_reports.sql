CREATE TABLE "annual_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"title" text NOT NULL,
	"file" text NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The reports the Trustees page linked to before they were editable (built-in files under /reports).
INSERT INTO "annual_reports" ("year", "title", "file") VALUES
  (2024, 'Annual Report 2024', '/reports/annual-report-2024.pdf'),
  (2023, 'Annual Report 2023', '/reports/annual-report-2023.pdf');
