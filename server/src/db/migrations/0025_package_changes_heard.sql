-- Issue #21: every server process keeps the package pages it has read in memory
-- (modules/packages/package-reads.ts) and must forget one as soon as it changes. Whatever changes
-- a package or its timeline (any process, a job, psql) tells every listening process its id once
-- the transaction has committed, on the channel that already carries ended sessions and changed
-- people (migration 0017), so one connection, one heartbeat and one fence cover both. Identical
-- payloads in one transaction reach a listener once. A new package needs no word: nobody can have
-- kept it yet (a failed read keeps nothing).
create or replace function almquest_package_changed() returns trigger
language plpgsql as $$
begin
  if tg_table_name = 'packages' then
    perform pg_notify('almquest_sessions', old.id::text);
  else
    perform pg_notify('almquest_sessions', coalesce(new.package_id, old.package_id)::text);
  end if;
  return null;
end;
$$;
--> statement-breakpoint
create trigger packages_changed after update or delete on packages
  for each row execute function almquest_package_changed();
--> statement-breakpoint
create trigger package_events_changed after insert or update or delete on package_events
  for each row execute function almquest_package_changed();
