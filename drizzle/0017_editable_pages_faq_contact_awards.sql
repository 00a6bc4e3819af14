CREATE TABLE "award_round" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"nominations_open" date NOT NULL,
	"nominations_close" date NOT NULL,
	"ceremony_date" date NOT NULL,
	"ceremony_time" text DEFAULT '' NOT NULL,
	"venue" text DEFAULT '' NOT NULL,
	"categories" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "award_round_single_row" CHECK ("award_round"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "contact_details" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"events_email" text DEFAULT '' NOT NULL,
	"craft_fairs_email" text DEFAULT '' NOT NULL,
	"awards_email" text DEFAULT '' NOT NULL,
	"fund_email" text DEFAULT '' NOT NULL,
	"trustees_email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_details_single_row" CHECK ("contact_details"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "content_seeded" (
	"section" text PRIMARY KEY NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "award_winners" ALTER COLUMN "image" DROP NOT NULL;