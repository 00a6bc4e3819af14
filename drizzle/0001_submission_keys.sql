CREATE TABLE "submission_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
