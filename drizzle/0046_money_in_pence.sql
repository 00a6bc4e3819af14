ALTER TABLE "causes" RENAME COLUMN "raised" TO "raised_pence";--> statement-breakpoint
ALTER TABLE "causes" RENAME COLUMN "goal" TO "goal_pence";--> statement-breakpoint
ALTER TABLE "fund_recipients" RENAME COLUMN "amount" TO "amount_pence";--> statement-breakpoint
-- The amounts were whole pounds: they become pence, like every other amount of money.
UPDATE "causes" SET "raised_pence" = "raised_pence" * 100, "goal_pence" = "goal_pence" * 100;--> statement-breakpoint
UPDATE "fund_recipients" SET "amount_pence" = "amount_pence" * 100;--> statement-breakpoint
-- Saved versions keep the amounts under the new names, in pence, so history compares and restores like with like.
UPDATE "content_revisions"
SET "data" = ("data" - 'raised' - 'goal')
  || jsonb_build_object('raised_pence', (("data"->>'raised')::bigint * 100), 'goal_pence', (("data"->>'goal')::bigint * 100))
WHERE "content_type" = 'cause' AND "data" ? 'goal' AND jsonb_typeof("data"->'goal') = 'number' AND jsonb_typeof("data"->'raised') = 'number';--> statement-breakpoint
UPDATE "content_revisions"
SET "data" = ("data" - 'amount') || jsonb_build_object('amount_pence', (("data"->>'amount')::bigint * 100))
WHERE "content_type" = 'fund-recipient' AND jsonb_typeof("data"->'amount') = 'number';
