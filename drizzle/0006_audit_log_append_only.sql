-- The audit log is append-only: UPDATE and TRUNCATE are always refused, DELETE only for
-- the retention purge, which sets app.audit_purge = 'on' for its own transaction
-- (set_config(..., true)) and deletes only entries older than the shortest retention
-- the settings allow (12 months). See docs/decisions/063-audit-log-append-only.md.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF coalesce(current_setting('app.audit_purge', true), '') = 'on' AND OLD.at < now() - interval '12 months' THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
