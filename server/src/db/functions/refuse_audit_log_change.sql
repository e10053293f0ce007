-- The audit log is append-only. Nothing the app runs may change or remove an entry; a mistaken
-- action is undone by a new action, which is logged too.
create or replace function refuse_audit_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
create or replace trigger audit_log_append_only before delete or update on audit_log
  for each row
  execute function refuse_audit_log_change();
--> statement-breakpoint
create or replace trigger audit_log_no_truncate before truncate on audit_log
  for each statement
  execute function refuse_audit_log_change();
