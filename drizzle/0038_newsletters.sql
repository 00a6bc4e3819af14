CREATE TABLE "newsletter_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"newsletter_id" integer NOT NULL,
	"supporter_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "newsletters" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"preview_text" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"audience" jsonb DEFAULT '{"kind":"all"}'::jsonb NOT NULL,
	"send_at" timestamp with time zone,
	"listed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"sent_by" text,
	"slug" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletters_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_recipients_once_idx" ON "newsletter_recipients" USING btree ("newsletter_id","supporter_id");--> statement-breakpoint
CREATE INDEX "newsletter_recipients_next_idx" ON "newsletter_recipients" USING btree ("newsletter_id","status","id");--> statement-breakpoint
CREATE INDEX "newsletter_recipients_email_idx" ON "newsletter_recipients" USING btree ("email");--> statement-breakpoint
CREATE INDEX "newsletter_recipients_supporter_idx" ON "newsletter_recipients" USING btree ("supporter_id");--> statement-breakpoint
CREATE INDEX "newsletters_published_idx" ON "newsletters" USING btree ("published_at") WHERE "newsletters"."published_at" is not null;