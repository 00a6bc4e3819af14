DROP INDEX "supporters_name_id_idx";--> statement-breakpoint
CREATE INDEX "supporters_name_id_idx" ON "supporters" USING btree (lower("name"),"id","name");