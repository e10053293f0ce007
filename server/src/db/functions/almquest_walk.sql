-- The walk: the `walk` distributors nearest the package (a KNN walk of distributors_area_gist),
-- or, given `within_km`, everyone within that distance (a box the same index searches: a tie is
-- read whole at once, not by walking ever farther); each with its distance as ranking.ts
-- measures it (haversine, inlined), whether it could take the package (within reach of both,
-- not passed over, and nothing almquest_cannot_take finds), and their record (offers let lapse,
-- pick-ups missed and collected). The package's point and its turned-down are read once per
-- walk.
create or replace function almquest_walk(
  pkg_id uuid, pkg_lat float8, pkg_lng float8, travel_km float8, diet text, group_id uuid,
  min_room int, passed uuid[], walk int, within_km float8)
returns table (id uuid, home_lat float8, home_lng float8, area_lat float8, area_lng float8,
               distance_range float8, area cube, km float8, open_load int, max_capacity int,
               last_assigned_at timestamptz, offers_lapsed int, pickups_missed int,
               pickups_collected int,               feasible boolean)
language sql stable as $$
  select w.user_id, w.lat, w.lng, w.area_lat, w.area_lng, w.distance_range, w.area_earth, w.km,
         w.open_load, w.max_capacity, w.last_assigned_at, w.offers_lapsed, w.pickups_missed,
         w.pickups_collected,
         almquest_cannot_take(w.suspended_at, w.is_active, w.open_load, w.max_capacity,
                              w.veg_only, min_room, diet,
                              w.user_id = any(array(
                                select t from almquest_turned_down(pkg_id, group_id, true) t))) is null
     and w.km <= travel_km + w.distance_range
     and w.user_id <> all(passed)
    from ((select d.*, almquest_distance_km(pkg_lat, pkg_lng, d.area_lat, d.area_lng) as km
             from distributors d
            where within_km is null and d.lat is not null
            order by d.area_earth <-> (select almquest_earth_point(pkg_lat, pkg_lng))
            limit walk)
          union all
          -- Within a distance: the same index searches a box around the package. Kilometres by
          -- haversine to metres of the index's earth (a larger radius): at most 0.12% more, so
          -- 1001.2 m a km holds them all. Apart from the walk, as the box costs every look at
          -- the index a little, and a plan keeps both (the one not asked for is never run).
          (select d.*, almquest_distance_km(pkg_lat, pkg_lng, d.area_lat, d.area_lng) as km
             from distributors d
            where within_km is not null and d.lat is not null
              and d.area_earth <@ public.cube_enlarge((select almquest_earth_point(pkg_lat, pkg_lng)),
                                                      within_km * 1001.2::float8, 3))) w
$$;
