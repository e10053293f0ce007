-- Every server process keeps the sessions it has checked in memory and must forget one as soon as
-- it ends. Whatever ends it (sign-out, a suspension, a deleted account, a profile change, in any
-- process or by hand in psql) tells every listening process, by the person's id, once its
-- transaction has committed. See db/session-cache.ts.
create or replace function almquest_session_changed() returns trigger
language plpgsql as $$
begin
  if tg_table_name = 'sessions' then
    perform pg_notify('almquest_sessions', old.user_id::text);
  else
    perform pg_notify('almquest_sessions', old.id::text);
  end if;
  return null;
end;
$$;
--> statement-breakpoint
create or replace trigger sessions_changed after delete or update on sessions
  for each row
  execute function almquest_session_changed();
--> statement-breakpoint
create or replace trigger users_changed after update on users
  for each row
  when ((old.* is distinct from new.*))
  execute function almquest_session_changed();
--> statement-breakpoint
create or replace trigger users_changed_deleted after delete on users
  for each row
  execute function almquest_session_changed();
