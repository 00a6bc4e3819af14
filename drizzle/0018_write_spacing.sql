CREATE TABLE "write_spacing" (
	"user_key" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
