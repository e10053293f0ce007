-- Every change to a package, in one trigger: its word to the processes that keep package pages
-- (not for a new package, which nobody can have kept) and its impact delta (the old row's figures
-- taken away, the new row's added, only when a figure the impact counts changed). A package's
-- meals are those not disposed of as unfit (decision 042): the impact counts those apart.
create or replace function almquest_package_written() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into impact_deltas (week, state, city, packages, meals, served)
    values (impact_week(new.created_at), new.state, coalesce(new.city, ''), 1, new.quantity - coalesce(new.disposed_quantity, 0),
            coalesce(new.served_count, 0));
    return null;
  end if;
  perform pg_notify('almquest_sessions', old.id::text);
  if tg_op = 'DELETE' then
    insert into impact_deltas (week, state, city, packages, meals, served)
    values (impact_week(old.created_at), old.state, coalesce(old.city, ''), -1, -(old.quantity - coalesce(old.disposed_quantity, 0)),
            -coalesce(old.served_count, 0));
  elsif old.state is distinct from new.state or old.quantity is distinct from new.quantity
        or old.served_count is distinct from new.served_count or old.city is distinct from new.city
        or old.created_at is distinct from new.created_at
        or old.disposed_quantity is distinct from new.disposed_quantity then
    insert into impact_deltas (week, state, city, packages, meals, served)
    values (impact_week(old.created_at), old.state, coalesce(old.city, ''), -1, -(old.quantity - coalesce(old.disposed_quantity, 0)),
            -coalesce(old.served_count, 0)),
           (impact_week(new.created_at), new.state, coalesce(new.city, ''), 1,
            new.quantity - coalesce(new.disposed_quantity, 0), coalesce(new.served_count, 0));
  end if;
  return null;
end;
$$;
--> statement-breakpoint
create or replace trigger packages_written after insert or delete or update on packages
  for each row
  execute function almquest_package_written();
