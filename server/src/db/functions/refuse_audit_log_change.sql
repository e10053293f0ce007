-- The audit log is append-only. Nothing the app runs may change or remove an entry; a mistaken
-- action is undone by a new action, which is logged too. Two exceptions, each only where the
-- transaction has said so (set_config('almquest.audit_erasure', 'on', true); decision 043): an
-- erasure blanks an entry's words about a person (reason, summary; details too, or leaves them) while what was done,
-- to which id and when stay; retention deletes entries past AUDIT_DAYS. TRUNCATE never.
create or replace function refuse_audit_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' AND current_setting('almquest.audit_erasure', true) = 'on' THEN
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    IF NEW.id = OLD.id AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
       AND NEW.actor_email = OLD.actor_email AND NEW.action = OLD.action
       AND NEW.target_kind = OLD.target_kind AND NEW.target_id = OLD.target_id
       AND NEW.at = OLD.at AND NEW.reason IS NULL AND NEW.summary IS NULL
       AND (NEW.details IS NULL OR NEW.details IS NOT DISTINCT FROM OLD.details) THEN
      RETURN NEW;
    END IF;
  END IF;
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
