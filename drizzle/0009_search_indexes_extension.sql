-- Indexes that keep the admin screens fast on a site with years of data.
--
-- pg_trgm gives the "contains" searches of the inbox and the donations ledger (ILIKE
-- '%text%') an index; the trigram indexes themselves are in the next migration. It is a
-- trusted extension (PostgreSQL 13 and later): the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Find-by-email (data protection) also matches an address typed into any field of a
-- submission (a nominee's email, for example). This function lists a submission's field
-- values as the lookup compares them (trimmed, lower case), so a GIN index can answer
-- "which submissions name this address" without reading every row.
CREATE FUNCTION submission_field_values(data jsonb) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN coalesce((SELECT array_agg(lower(btrim(f.value))) FROM jsonb_each_text(data) AS f), '{}'::text[]);
--> statement-breakpoint
CREATE INDEX form_submissions_field_values_idx ON form_submissions USING gin (submission_field_values(data));
