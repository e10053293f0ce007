-- Every server process keeps the package pages it has read in memory
-- (modules/packages/package-reads.ts) and must forget one as soon as it changes. A change to a
-- package's timeline (any process, a job, psql) tells every listening process the package's id
-- once the transaction has committed, on the channel that also carries ended sessions and changed
-- people, so one connection, one heartbeat and one fence cover both. Identical payloads in one
-- transaction reach a listener once. Changes to the package row itself: almquest_package_written.
create or replace function almquest_package_changed() returns trigger
language plpgsql as $$
begin
  perform pg_notify('almquest_sessions', coalesce(new.package_id, old.package_id)::text);
  return null;
end;
$$;
--> statement-breakpoint
create or replace trigger package_events_changed after insert or delete or update on package_events
  for each row
  execute function almquest_package_changed();
