-- Issue #21: matching ranks distributors from one row each. The candidates' first look walked
-- users' index of areas and looked up each one's distributors row (room, range, activity): with
-- the ties of a city's area, 32 rows and two tables per match, a third of its time. The person's
-- home, area and suspension are copied onto their distributors row and its area indexed there;
-- users stays the record, which a claim checks. The copies are plain columns written by triggers
-- (PostgreSQL 15 computes generated columns again on every update: 20 us more per claim).
ALTER TABLE "distributors" ADD COLUMN "lat" double precision;
--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "lng" double precision;
--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "area_lat" double precision;
--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "area_lng" double precision;
--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "area_earth" "cube";
--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
-- Updated at every claim, release and handover: room on each page lets those updates stay on
-- the page and out of the indexes (the area's GiST index above all). Set before the copies are
-- written, so the rows they rewrite land on pages that keep the room.
alter table distributors set (fillfactor = 80);
--> statement-breakpoint
-- The copies as they are now. A home is copied only while the person is a distributor: a row
-- left behind by an older seed beside a donor's account is never ranked (attacker's review).
update distributors d
   set lat = case when u.user_type = 'distributor' then u.lat end,
       lng = case when u.user_type = 'distributor' then u.lng end,
       area_lat = case when u.user_type = 'distributor' then u.area_lat end,
       area_lng = case when u.user_type = 'distributor' then u.area_lng end,
       area_earth = case when u.user_type = 'distributor' then u.area_earth end,
       suspended_at = u.suspended_at
  from users u
 where u.id = d.user_id;
--> statement-breakpoint
CREATE INDEX "distributors_area_gist" ON "distributors" USING gist ("area_earth") WHERE "distributors"."lat" is not null;
--> statement-breakpoint
-- A distributor's row takes the copies from their users row when it is made (registration, the
-- seed).
create function almquest_distributor_copies() returns trigger language plpgsql as $$
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
create trigger distributors_copies before insert on distributors
for each row execute function almquest_distributor_copies();
--> statement-breakpoint
-- And from then on whenever the person's home or suspension changes, at the commit of the change
-- (a deferred trigger): the distributor's row is locked last, as everywhere else (decision 016:
-- person, then their packages, then role rows). A suspension first takes back their packages.
create function almquest_user_copies() returns trigger language plpgsql as $$
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
create constraint trigger users_distributor_copies
after update of lat, lng, suspended_at, user_type on users
deferrable initially deferred
for each row
when (old.lat is distinct from new.lat or old.lng is distinct from new.lng
      or old.suspended_at is distinct from new.suspended_at
      or old.user_type is distinct from new.user_type)
execute function almquest_user_copies();
--> statement-breakpoint
-- almquest_candidates as in 0027, from the distributors' own rows and index.
create or replace function almquest_candidates(
  pkg_id uuid, pkg_lat float8, pkg_lng float8, travel_km float8, diet text, group_id uuid,
  min_room int, passed uuid[])
returns table (id uuid, home_lat float8, home_lng float8, area_lat float8, area_lng float8,
               distance_range float8, area cube, km float8, open_load int, max_capacity int,
               last_assigned_at timestamptz)
language sql stable as $$
  select d.user_id, d.lat, d.lng, d.area_lat, d.area_lng, d.distance_range, d.area_earth,
         almquest_distance_km(pkg_lat, pkg_lng, d.area_lat, d.area_lng),
         d.open_load, d.max_capacity, d.last_assigned_at
    from distributors d
   where d.lat is not null and d.suspended_at is null
     -- Measured as ranking.ts measures (haversine, inlined: no call per row).
     and almquest_distance_km(pkg_lat, pkg_lng, d.area_lat, d.area_lng)
         <= travel_km + d.distance_range
     and d.is_active
     and d.open_load + min_room <= d.max_capacity
     and (diet = 'veg' or not d.veg_only)
     and d.user_id <> all(passed)
     -- Those who turned it down, read once per look from the package's own timeline.
     and d.user_id <> all(array(
       select e.distributor_id from package_events e
        where e.package_id = pkg_id and e.distributor_id is not null
          and e.kind in ('declined', 'lapsed', 'released', 'takenBack')
       union all
       -- For a part of a split donation, any part of it (assign.ts hasTurnedDown).
       select e.distributor_id from packages g
         join package_events e on e.package_id = g.id
        where g.group_id = almquest_candidates.group_id and e.distributor_id is not null
          and e.kind in ('declined', 'lapsed', 'released', 'takenBack')))
$$;
