-- The walk: the `walk` distributors nearest the package (a KNN walk of distributors_area_gist),
-- each with its distance as ranking.ts measures it (haversine, inlined) and whether it could
-- take the package (the rules, in this one place). The package's point once per walk; the
-- donation's turned-down only for a part of one.
create or replace function almquest_walk(
  pkg_id uuid, pkg_lat float8, pkg_lng float8, travel_km float8, diet text, group_id uuid,
  min_room int, passed uuid[], walk int)
returns table (id uuid, home_lat float8, home_lng float8, area_lat float8, area_lng float8,
               distance_range float8, area cube, km float8, open_load int, max_capacity int,
               last_assigned_at timestamptz, feasible boolean)
language sql stable as $$
  select w.user_id, w.lat, w.lng, w.area_lat, w.area_lng, w.distance_range, w.area_earth, w.km,
         w.open_load, w.max_capacity, w.last_assigned_at,
         w.suspended_at is null
     and w.km <= travel_km + w.distance_range
     and w.is_active
     and w.open_load + min_room <= w.max_capacity
     and (diet = 'veg' or not w.veg_only)
     and w.user_id <> all(passed)
     -- Those who turned it down, read once per walk from the package's own timeline.
     and w.user_id <> all(array(
       select e.distributor_id from package_events e
        where e.package_id = pkg_id and e.distributor_id is not null
          and e.kind in ('declined', 'lapsed', 'released', 'takenBack')
       union all
       -- For a part of a split donation, any part of it (assign.ts hasTurnedDown).
       select e.distributor_id from packages g
         join package_events e on e.package_id = g.id
        where almquest_walk.group_id is not null
          and g.group_id = almquest_walk.group_id and e.distributor_id is not null
          and e.kind in ('declined', 'lapsed', 'released', 'takenBack')))
    from (select d.*, almquest_distance_km(pkg_lat, pkg_lng, d.area_lat, d.area_lng) as km
            from distributors d
           where d.lat is not null
           order by d.area_earth <-> (select almquest_earth_point(pkg_lat, pkg_lng))
           limit walk) w
$$;
