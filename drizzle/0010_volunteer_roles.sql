CREATE TABLE "volunteer_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"commitment" text NOT NULL,
	"skills" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	CONSTRAINT "volunteer_roles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
-- The roles the Support page showed before they were editable (the same words for existing and new installs).
INSERT INTO "volunteer_roles" ("slug", "title", "description", "commitment", "skills", "sort_order") VALUES
  ('event-support', 'Event Support', 'Help set up, run and pack away our fairs, quiz nights and gala.', 'A few hours per event, mostly weekends and evenings', 'Friendly, reliable, happy to lift and carry', 0),
  ('fundraising-team', 'Fundraising Team', 'Plan new fundraising ideas, run collections and look after our supporters.', '2 to 4 hours a month', 'Ideas, confidence talking to people', 1),
  ('community-outreach', 'Community Outreach', 'Tell local groups about the Community Fund and help them apply.', 'Flexible, about 4 hours a month', 'Good listener, knows Millbrook', 2),
  ('administrative-support', 'Administrative Support', 'Keep our records, mailing lists and paperwork in order.', '2 hours a week, can be from home', 'Organised, comfortable with email and spreadsheets', 3);
