-- Keeps a distributor's copies of the person's home, area and suspension up to date whenever they
-- change, at the commit of the change (a deferred trigger): the distributor's row is locked last,
-- as everywhere else (decision 016: person, then their packages, then role rows).
create or replace function almquest_user_copies() returns trigger language plpgsql as $$
begin
  update distributors d
     set lat = case when u.user_type = 'distributor' then u.lat end,
         lng = case when u.user_type = 'distributor' then u.lng end,
         area_lat = case when u.user_type = 'distributor' then u.area_lat end,
         area_lng = case when u.user_type = 'distributor' then u.area_lng end,
         area_earth = case when u.user_type = 'distributor' then u.area_earth end,
         suspended_at = u.suspended_at
    from users u
   where u.id = new.id and d.user_id = new.id;
  return null;
end;
$$;
--> statement-breakpoint
-- A constraint trigger (deferred) cannot be replaced in place: it is made again.
drop trigger if exists users_distributor_copies on users;
--> statement-breakpoint
create constraint trigger users_distributor_copies
  after update of lat, lng, suspended_at, user_type on users
  deferrable initially deferred
  for each row
  when (old.lat is distinct from new.lat or old.lng is distinct from new.lng
        or old.suspended_at is distinct from new.suspended_at
        or old.user_type is distinct from new.user_type)
  execute function almquest_user_copies();
