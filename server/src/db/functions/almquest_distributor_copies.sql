-- A distributor's row takes its copies of the person's home, area and suspension from their users
-- row when it is made (registration, the seed); almquest_user_copies keeps them up to date.
create or replace function almquest_distributor_copies() returns trigger language plpgsql as $$
begin
  select case when u.user_type = 'distributor' then u.lat end,
         case when u.user_type = 'distributor' then u.lng end,
         case when u.user_type = 'distributor' then u.area_lat end,
         case when u.user_type = 'distributor' then u.area_lng end,
         case when u.user_type = 'distributor' then u.area_earth end,
         u.suspended_at
    into new.lat, new.lng, new.area_lat, new.area_lng, new.area_earth, new.suspended_at
    from users u where u.id = new.user_id;
  return new;
end;
$$;
--> statement-breakpoint
create or replace trigger distributors_copies before insert on distributors
  for each row
  execute function almquest_distributor_copies();
