-- Live events leave with the transaction that wrote their notification: NOTIFY is
-- delivered to every listening process when that transaction commits, and never if it rolls
-- back, so no sender after the commit can fall behind or lose one under load. The payload names
-- the notification (its inner id), whom it is for and its package; a process with a stream of
-- that person open reads the row, every process forgets its cached page of that package.
create or replace function almquest_live_notify() returns trigger
language plpgsql as $$
begin
  perform pg_notify('almquest_live',
    json_build_object('n', new.id, 'u', new.user_id, 'p', new.package_id)::text);
  return null;
end;
$$;
--> statement-breakpoint
create or replace trigger notifications_live after insert on notifications
  for each row
  execute function almquest_live_notify();
