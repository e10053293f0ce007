-- Issue #21 attacker's review: with no bounding box, a first look that found fewer than 32
-- feasible distributors walked the whole index (a donor in Ladakh or the Andamans, or a small
-- town with a handful of distributors): 90 ms at 100k, 1.9 s at 1M, where the box had stopped
-- at once. A box is what the planner misjudges once tables are analyzed (migration 0027), so the
-- walk is bounded by a count instead: the candidates are the feasible ones among the `walk`
-- distributors nearest the package (one KNN walk of one table, which the planner always serves
-- from the index: its LIMIT is a small part of a table it counts in full), each row saying how
-- far the walk reached and how many it walked. Callers walk farther (four times as far) only
-- while the walk ended within reach and either nobody feasible was found or ties may continue
-- past its end. No box, no second query shape.
drop function almquest_candidates(uuid, float8, float8, float8, text, uuid, int, uuid[]);
--> statement-breakpoint
create function almquest_candidates(
  pkg_id uuid, pkg_lat float8, pkg_lng float8, travel_km float8, diet text, group_id uuid,
  min_room int, passed uuid[], walk int)
returns table (id uuid, home_lat float8, home_lng float8, area_lat float8, area_lng float8,
               distance_range float8, area cube, km float8, open_load int, max_capacity int,
               last_assigned_at timestamptz, edge_km float8, walked int)
language sql stable as $$
  select w.user_id, w.lat, w.lng, w.area_lat, w.area_lng, w.distance_range, w.area_earth, w.km,
         w.open_load, w.max_capacity, w.last_assigned_at, w.edge_km, w.walked
    from (select d.*, max(d.km) over () as edge_km, (count(*) over ())::int as walked
            from (select d.*,
                         -- Measured as ranking.ts measures (haversine, inlined).
                         almquest_distance_km(pkg_lat, pkg_lng, d.area_lat, d.area_lng) as km
                    from distributors d
                   where d.lat is not null
                   order by d.area_earth <-> almquest_earth_point(pkg_lat, pkg_lng)
                   limit walk) d) w
   where w.suspended_at is null
     and w.km <= travel_km + w.distance_range
     and w.is_active
     and w.open_load + min_room <= w.max_capacity
     and (diet = 'veg' or not w.veg_only)
     and w.user_id <> all(passed)
     -- Those who turned it down, read once per look from the package's own timeline.
     and w.user_id <> all(array(
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
--> statement-breakpoint
-- How far the walk of the `walk` distributors nearest a point reaches, and how many it walked:
-- what a look that found nobody feasible needs to know whether to walk farther (matching here,
-- a split in assign.ts). The same walk as almquest_candidates'.
create function almquest_walk_edge(pkg_lat float8, pkg_lng float8, walk int,
                                   out edge_km float8, out walked int)
language sql stable as $$
  select max(w.km), count(*)::int
    from (select almquest_distance_km(pkg_lat, pkg_lng, d.area_lat, d.area_lng) as km
            from distributors d
           where d.lat is not null
           order by d.area_earth <-> almquest_earth_point(pkg_lat, pkg_lng)
           limit walk) w
$$;
--> statement-breakpoint
-- almquest_match as in 0027, its looks bounded walks of the candidates: the 48 nearest first;
-- four times as far while the walk ended within reach (travel plus the largest range anyone has)
-- and either
-- nobody feasible was among them or its farthest was as near as the nearest feasible (a tie may
-- continue past it). The ranking, the claim and the answer are unchanged.
create or replace function almquest_match(
  package_id uuid, offer_ms float8, tells_donor boolean, skip_locked boolean,
  handover_code text, max_range_km float8, split_lock boolean)
returns json language plpgsql
set plan_cache_mode = force_generic_plan as $$
declare
  pkg packages;
  best record;
  edge record;
  walk int;
  passed uuid[] := '{}';
  answer json;
begin
  if split_lock then
    -- Donations that may be split are matched one at a time, in every process (assign.ts
    -- SPLIT_LOCK_KEY): two splits crossing on the same distributors deadlocked.
    perform pg_advisory_xact_lock(7431002);
  end if;
  select * into pkg from packages p where p.id = package_id;
  if not found then
    return json_build_object('state', null, 'noneFeasible', true, 'passedOver', '[]'::json);
  end if;
  for attempt in 1..5 loop
    walk := 48;
    loop
      -- The feasible among the walk's distributors within a centimetre of the nearest of them
      -- (all that ranking.ts counts as tied with it), ranked by the rest.
      select t.id, t.distance_range, t.home_lat, t.home_lng, t.nearest_km, t.edge_km, t.walked
        into best
        from (select c.*, min(c.km) over () as nearest_km
                from almquest_candidates(pkg.id, pkg.lat, pkg.lng, pkg.travel_capacity, pkg.diet,
                                         pkg.group_id, pkg.quantity, passed, walk) c
               -- Nobody reaches farther than the largest range allowed.
               where c.km <= pkg.travel_capacity + max_range_km) t
       where t.km <= t.nearest_km + 1e-5
       order by floor(t.km * 1e6::float8),
                (t.open_load + pkg.quantity)::float8 / t.max_capacity,
                date_trunc('milliseconds', t.last_assigned_at) nulls first,
                t.id
       limit 1;
      if found then
        -- Done unless the walk stopped inside the tie (more tied may lie just past its end).
        exit when best.walked < walk or best.edge_km > best.nearest_km + 1e-5;
      else
        -- Nobody feasible among them: farther only if the walk ended within reach.
        select * into edge from almquest_walk_edge(pkg.lat, pkg.lng, walk);
        -- Nobody reaches farther than the largest range anyone has (read from the end of its
        -- index), nor than the largest allowed: a donation nobody can take stops there.
        if edge.walked < walk
           or edge.edge_km > pkg.travel_capacity
                             + least(max_range_km,
                                     (select max(r.distance_range) from distributors r)) then
          return json_build_object('state', null, 'noneFeasible', true,
                                   'passedOver', to_json(passed));
        end if;
      end if;
      walk := walk * 4;
    end loop;
    answer := almquest_claim_row(pkg, best.id, best.distance_range, best.home_lat, best.home_lng,
                                 offer_ms, tells_donor, skip_locked, handover_code);
    if answer is not null then
      return answer;
    end if;
    -- Another donation took the room, or the distributor changed: rank again.
    if skip_locked then
      passed := passed || best.id;
    end if;
  end loop;
  return json_build_object('state', null, 'noneFeasible', false, 'passedOver', to_json(passed));
end;
$$;
