ALTER TABLE "volunteer_signups" ADD COLUMN "supporter_id" uuid;--> statement-breakpoint
CREATE INDEX "volunteer_signups_supporter_idx" ON "volunteer_signups" USING btree ("supporter_id");--> statement-breakpoint
-- The link to the supporter (written by hand: a feature's table does not import another feature's).
-- Deleting a supporter (erasure, retention) leaves the sign-up and its hours without one.
ALTER TABLE "volunteer_signups" ADD CONSTRAINT "volunteer_signups_supporter_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE set null;--> statement-breakpoint
-- A supporter for each address already on a sign-up (normalised), with the latest name given, then each sign-up linked.
INSERT INTO "supporters" ("email", "name", "created_at")
SELECT lower(btrim("email")),
  coalesce((array_agg(btrim("name") ORDER BY "created_at" DESC) FILTER (WHERE btrim(coalesce("name", '')) <> ''))[1], ''),
  min("created_at")
FROM "volunteer_signups" WHERE btrim(coalesce("email", '')) <> '' GROUP BY lower(btrim("email"))
ON CONFLICT ("email") DO NOTHING;--> statement-breakpoint
UPDATE "volunteer_signups" t SET "supporter_id" = s."id" FROM "supporters" s WHERE t."email" IS NOT NULL AND s."email" = lower(btrim(t."email"));
