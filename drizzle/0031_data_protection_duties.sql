CREATE TABLE "dp_complaint_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" uuid NOT NULL,
	"author_email" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dp_complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"category" text,
	"about" text NOT NULL,
	"contact_by" text DEFAULT 'email' NOT NULL,
	"contact_detail" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"due_on" date NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"outcome" text,
	"outcome_sent_at" timestamp with time zone,
	"responsible_user_id" uuid,
	"reminded_soon_at" timestamp with time zone,
	"reminded_overdue_at" timestamp with time zone,
	"ip" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dp_complaints_reference_unique" UNIQUE("reference"),
	CONSTRAINT "dp_complaints_status_check" CHECK ("dp_complaints"."status" in ('received', 'acknowledged', 'investigating', 'answered', 'closed')),
	CONSTRAINT "dp_complaints_contact_check" CHECK ("dp_complaints"."contact_by" in ('email', 'phone', 'post'))
);
--> statement-breakpoint
CREATE TABLE "dp_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"requester_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"received_on" date NOT NULL,
	"due_on" date NOT NULL,
	"extended_to" date,
	"extension_reason" text,
	"answered_on" date,
	"answered_how" text,
	"reminded_soon_at" timestamp with time zone,
	"reminded_overdue_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dp_requests_reference_unique" UNIQUE("reference"),
	CONSTRAINT "dp_requests_kind_check" CHECK ("dp_requests"."kind" in ('access', 'erasure', 'correction', 'objection', 'restriction')),
	CONSTRAINT "dp_requests_channel_check" CHECK ("dp_requests"."channel" in ('email', 'post', 'phone', 'in-person'))
);
--> statement-breakpoint
CREATE TABLE "dp_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"complaint_response_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dp_settings_one_row" CHECK ("dp_settings"."id" = 1),
	CONSTRAINT "dp_settings_days_range" CHECK ("dp_settings"."complaint_response_days" between 1 and 30)
);
--> statement-breakpoint
CREATE TABLE "retention_periods" (
	"kind" text PRIMARY KEY NOT NULL,
	"months" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_periods_months_range" CHECK ("retention_periods"."months" between 1 and 240)
);
--> statement-breakpoint
ALTER TABLE "dp_complaint_notes" ADD CONSTRAINT "dp_complaint_notes_complaint_id_dp_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."dp_complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dp_complaint_notes_complaint_idx" ON "dp_complaint_notes" USING btree ("complaint_id","id");--> statement-breakpoint
CREATE INDEX "dp_complaints_status_due_idx" ON "dp_complaints" USING btree ("status","due_on");--> statement-breakpoint
CREATE INDEX "dp_complaints_email_idx" ON "dp_complaints" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "dp_requests_open_due_idx" ON "dp_requests" USING btree ("answered_on","due_on");--> statement-breakpoint
CREATE INDEX "dp_requests_email_idx" ON "dp_requests" USING btree (lower("requester_email"));--> statement-breakpoint
-- The audit entries of actions taken from a logged request (its page lists them).
CREATE INDEX "audit_log_request_idx" ON "audit_log" (("details"->>'request_id')) WHERE "details" ? 'request_id';
