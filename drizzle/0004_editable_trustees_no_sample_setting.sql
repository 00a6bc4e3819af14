ALTER TABLE "trustees" ALTER COLUMN "image" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "trustees" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trustees" ADD COLUMN "is_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "trustees" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "trustees" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" DROP COLUMN "show_sample_content";--> statement-breakpoint
UPDATE "trustees" SET "image_alt" = 'Illustrated portrait of ' || "name" WHERE "image" LIKE '/images/trustees/%';