ALTER TABLE "admin_users" ADD COLUMN "permissions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_permissions_check" CHECK ("admin_users"."permissions" <@ array['submissions', 'check-in', 'supporters', 'donations', 'data-protection']::text[]);--> statement-breakpoint
-- Editors allowed to read form submissions keep it, as the first of their permissions.
UPDATE "admin_users" SET "permissions" = array['submissions']::text[] WHERE "can_see_submissions";--> statement-breakpoint
ALTER TABLE "admin_users" DROP COLUMN "can_see_submissions";
