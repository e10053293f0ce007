-- Issue #21: a match without the calls that cost more than the work. Measured in the server
-- (perf, and a loop of matches each rolled back, 100k distributors): ll_to_earth cannot be
-- inlined (its domain check), so every use was a SQL function run, planned and executed per
-- row of a candidate look, about forty per match; the meet-point grid corner and the directions
-- link were SQL functions the planner would not inline either (a FROM clause; numeric || text is
-- only stable), so each was parsed and planned at every call. Here the point on earthdistance's
-- sphere is plain arithmetic that the planner inlines (almquest_earth_point, the same as the
-- stored columns of 0023), the grid corner is PL/pgSQL (its plans kept), the text functions cast
-- explicitly, the package is read once per match, and the first look fetches 32. Decision 022.

-- earthdistance's ll_to_earth(lat, lng), as arithmetic the planner inlines (no domain, not
-- strict): the same numbers as the stored columns of 0023.
create or replace function almquest_earth_point(lat float8, lng float8)
returns public.cube language sql immutable parallel safe as $$
  select public.cube(public.cube(public.cube(6378168::float8 * cos(radians(lat)) * cos(radians(lng))),
                                 6378168::float8 * cos(radians(lat)) * sin(radians(lng))),
                     6378168::float8 * sin(radians(lat)))
$$;
--> statement-breakpoint
-- Who turned a package down, by package first: matching now reads it once per look from the
-- package (and its donation's parts) instead of asking it of every candidate.
DROP INDEX "package_events_turned_down";
--> statement-breakpoint
CREATE INDEX "package_events_turned_down" ON "package_events" USING btree ("package_id","distributor_id") WHERE "package_events"."kind" in ('declined', 'lapsed', 'released', 'takenBack');
--> statement-breakpoint
-- almquest_candidates as in 0023 without its bounding box, and with those who turned the package
-- down read once from its timeline. The box (earth_box of travel plus the largest range, over
-- 500 km) was an index condition the planner counted as 0.1% of the rows (cube's containment has
-- no statistics): once the users table was analyzed, the kept plan fetched every distributor in
-- the box and sorted them, 70 ms a match at 100k, instead of walking the index nearest first and
-- stopping after a few. Callers walk the index nearest first (ORDER BY area <-> point LIMIT n),
-- or cut a small box of their own (the second look).
drop function almquest_candidates(uuid, float8, float8, float8, text, uuid, int, float8, uuid[]);
--> statement-breakpoint
create function almquest_candidates(
  pkg_id uuid, pkg_lat float8, pkg_lng float8, travel_km float8, diet text, group_id uuid,
  min_room int, passed uuid[])
returns table (id uuid, home_lat float8, home_lng float8, area_lat float8, area_lng float8,
               distance_range float8, area cube, km float8, open_load int, max_capacity int,
               last_assigned_at timestamptz)
language sql stable as $$
  select u.id, u.lat, u.lng, u.area_lat, u.area_lng, d.distance_range,
         u.area_earth,
         almquest_distance_km(pkg_lat, pkg_lng, u.area_lat, u.area_lng),
         d.open_load, d.max_capacity, d.last_assigned_at
    from users u
    join distributors d on d.user_id = u.id
   where u.user_type = 'distributor' and u.lat is not null and u.suspended_at is null
     -- Measured as ranking.ts measures (haversine, inlined: no call per row).
     and almquest_distance_km(pkg_lat, pkg_lng, u.area_lat, u.area_lng)
         <= travel_km + d.distance_range
     and d.is_active
     and d.open_load + min_room <= d.max_capacity
     and (diet = 'veg' or not d.veg_only)
     and u.id <> all(passed)
     -- Those who turned it down, read once per look from the package's own timeline (not
     -- asked of every candidate in turn).
     and u.id <> all(array(
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
-- almquest_coarsen_meet_point as in 0020 (geometry.ts coarsenMeetPoint), in PL/pgSQL: the four
-- corners in the reference's order, the first of the nearest kept.
create or replace function almquest_coarsen_meet_point(
  m_lat float8, m_lng float8, p_lat float8, p_lng float8, x_lat float8, x_lng float8,
  donor_km float8, distributor_km float8, out lat float8, out lng float8)
language plpgsql immutable parallel safe as $$
declare
  lat0 float8 := floor(m_lat / 0.01::float8) * 0.01::float8;
  lng0 float8 := floor(m_lng / 0.01::float8) * 0.01::float8;
  c_lat float8;
  c_lng float8;
  km float8;
  best_km float8;
begin
  lat := m_lat;
  lng := m_lng;
  for i in 0..1 loop
    for j in 0..1 loop
      c_lat := round((lat0 + i * 0.01::float8)::numeric, 2)::float8;
      c_lng := round((lng0 + j * 0.01::float8)::numeric, 2)::float8;
      if almquest_distance_km(c_lat, c_lng, p_lat, p_lng) <= donor_km
         and almquest_distance_km(c_lat, c_lng, x_lat, x_lng) <= distributor_km then
        km := almquest_distance_km(c_lat, c_lng, m_lat, m_lng);
        if best_km is null or km < best_km then
          best_km := km;
          lat := c_lat;
          lng := c_lng;
        end if;
      end if;
    end loop;
  end loop;
end;
$$;
--> statement-breakpoint
-- almquest_directions_url and almquest_coordinate_label as in 0020, each number cast to text
-- before it is joined (numeric || text is only stable, which kept these immutable functions from
-- being inlined).
create or replace function almquest_directions_url(
  from_lat float8, from_lng float8, to_lat float8, to_lng float8)
returns text language sql immutable parallel safe as $$
  select 'https://www.google.com/maps/dir/?api=1&origin='
    || round(from_lat::numeric, 6)::text || ',' || round(from_lng::numeric, 6)::text
    || '&destination=' || round(to_lat::numeric, 6)::text || ',' || round(to_lng::numeric, 6)::text
    || '&travelmode=driving'
$$;
--> statement-breakpoint
create or replace function almquest_coordinate_label(deg float8)
returns text language sql immutable parallel safe as $$
  select case when abs(deg * 100 - round(deg * 100)) < 1e-6 then round(deg::numeric, 2)::text
              else round(deg::numeric, 3)::text end
$$;
--> statement-breakpoint
-- almquest_claim as in 0023, for a package row its caller has read and locked (almquest_match
-- read it already: not read twice), the meet point computed in place rather than by a query, and
-- the meet place taken in the index's order (the straight-line chord orders points as the
-- great-circle distance does), so the walk stops at the first locality within both ranges.
create or replace function almquest_claim_row(
  pkg packages, chosen uuid, ranked_range float8, ranked_lat float8, ranked_lng float8,
  offer_ms float8, tells_donor boolean, skip_locked boolean, handover_code text)
returns json language plpgsql
-- Plans made once per connection (see almquest_match).
set plan_cache_mode = force_generic_plan as $$
declare
  d record;
  place record;
  has_place boolean;
  exact record;
  coarse record;
  v_meet_lat float8;
  v_meet_lng float8;
  v_meet_address text;
  is_offer boolean;
  written json;
  written_package packages;
begin
  -- The person's lock before their rows (db/person-lock.ts): a suspension or an account deletion
  -- under way goes first.
  perform pg_advisory_xact_lock_shared(1097624913, hashtext(chosen::text));
  if skip_locked then
    -- Passed over, not waited for, when another transaction holds the person or the row.
    perform 1 from users where id = chosen and suspended_at is null for share skip locked;
    if not found then
      return null;
    end if;
    perform 1 from distributors where user_id = chosen for no key update skip locked;
    if not found then
      return null;
    end if;
  else
    -- Read at its latest: a suspension committed meanwhile is seen, one under way waits.
    perform 1 from users where id = chosen and suspended_at is null for share;
    if not found then
      return null;
    end if;
  end if;
  update distributors dd
     set open_load = dd.open_load + pkg.quantity, last_assigned_at = now()
    from users u
   where dd.user_id = chosen and u.id = dd.user_id and u.suspended_at is null
     and dd.is_active and dd.open_load + pkg.quantity <= dd.max_capacity
     and (pkg.diet = 'veg' or not dd.veg_only)
     and dd.distance_range = ranked_range
     and u.lat = ranked_lat and u.lng = ranked_lng
  returning u.id, dd.auto_accept, u.name, u.phone, u.picture, u.address, u.lat, u.lng,
            u.area_lat, u.area_lng, dd.distance_range
    into d;
  if not found then
    return null;
  end if;

  -- Never measured from the home (decision 003): from the centre of the home's area.
  exact := almquest_meet_point(pkg.lat, pkg.lng, d.area_lat, d.area_lng, pkg.travel_capacity,
                               d.distance_range);
  -- The nearest of the sixteen localities nearest the meet point that lies within both ranges
  -- (decision 003), in the index's own order: the walk stops at the first that does.
  select near.name, near.district, near.state, near.pin, near.lat, near.lng into place
    from (select pl.name, pl.district, pl.state, pl.pin, pl.lat, pl.lng,
                 pl.earth <-> almquest_earth_point(exact.lat, exact.lng) as chord
            from places pl
           where pl.kind = 'locality'
           order by pl.earth <-> almquest_earth_point(exact.lat, exact.lng)
           limit 16) near
   where almquest_distance_km(near.lat, near.lng, pkg.lat, pkg.lng) <= pkg.travel_capacity
     and almquest_distance_km(near.lat, near.lng, d.area_lat, d.area_lng) <= d.distance_range
   order by near.chord
   limit 1;
  has_place := found;
  if has_place then
    v_meet_lat := place.lat;
    v_meet_lng := place.lng;
    -- db/places.ts placeAddress: "Name, District, State PIN", leaving out what is missing.
    v_meet_address := concat_ws(', ', place.name,
      case when place.district is not null and place.district <> ''
                and place.district <> place.name then place.district end,
      nullif(concat_ws(' ', nullif(place.state, ''), nullif(place.pin, '')), ''));
  else
    coarse := almquest_coarsen_meet_point(exact.lat, exact.lng, pkg.lat, pkg.lng, d.area_lat,
                                          d.area_lng, pkg.travel_capacity, d.distance_range);
    v_meet_lat := coarse.lat;
    v_meet_lng := coarse.lng;
    v_meet_address := almquest_coordinate_label(v_meet_lat) || ', '
                      || almquest_coordinate_label(v_meet_lng);
  end if;

  is_offer := not d.auto_accept;
  update packages p
     set state = case when is_offer then 'Offered' else 'Paired' end,
         distributor_id = d.id,
         distributor_name = d.name,
         distributor_phone = coalesce(d.phone, ''),
         distributor_address = coalesce(d.address, ''),
         distributor_lat = d.lat,
         distributor_lng = d.lng,
         meet_address = v_meet_address,
         meet_lat = v_meet_lat,
         meet_lng = v_meet_lng,
         donor_path = almquest_directions_url(pkg.lat, pkg.lng, v_meet_lat,
                                              v_meet_lng),
         distributor_path = almquest_directions_url(d.lat, d.lng, v_meet_lat,
                                                    v_meet_lng),
         paired_at = case when is_offer then null else now() end,
         -- An offer never outlives the pick-up time.
         offer_expires_at = case when is_offer
           then least(now() + offer_ms * interval '1 millisecond', p.ready_until) end,
         handover_code = case when is_offer then null else almquest_claim_row.handover_code end,
         handover_failures = 0,
         handover_locked_until = null
   where p.id = pkg.id
  returning p.* into written_package;
  insert into package_events (package_id, kind, distributor_id)
  values (pkg.id, case when is_offer then 'offered' else 'paired' end, d.id);

  with added as (
    insert into notifications (user_id, package_id, photo, state, user_type, kind,
                               package_quantity, package_address, package_donated_at,
                               counterpart_name, donation_id, donation_quantity)
    -- The offer names the meet point's area, not the donor's address (db/notifications.ts
    -- offerContext); a coordinate meet point to about a kilometre.
    select d.id, pkg.id, null, 'Offered', 'Distributor', 'offered', pkg.quantity,
           case when has_place then v_meet_address
                else round(v_meet_lat::numeric, 2) || ', '
                     || round(v_meet_lng::numeric, 2) end,
           pkg.created_at, null, null::uuid, null::int
     where is_offer
    union all
    select pkg.donor_id, pkg.id, d.picture, 'Paired', 'Donor', 'pairedDonor', pkg.quantity,
           pkg.address, pkg.created_at, d.name, pkg.group_id,
           (select g.quantity from donation_groups g where g.id = pkg.group_id)
     where not is_offer and pkg.donor_id is not null and tells_donor
    union all
    select d.id, pkg.id, (select u.picture from users u where u.id = pkg.donor_id), 'Paired',
           'Distributor', 'pairedDistributor', pkg.quantity, pkg.address, pkg.created_at,
           pkg.donor_name, null, null
     where not is_offer
    returning *
  )
  select coalesce(json_agg(a order by a.id), '[]'::json) into written from added a;
  return json_build_object(
    'state', case when is_offer then 'Offered' else 'Paired' end,
    'distributorId', d.id,
    'notifications', written,
    -- The package as written, so the caller need not read it again while it holds the room.
    'package', row_to_json(written_package));
end;
$$;
--> statement-breakpoint
-- almquest_claim as before, for a package named by id (assign.ts claims a split's parts so).
create or replace function almquest_claim(
  package_id uuid, chosen uuid, ranked_range float8, ranked_lat float8, ranked_lng float8,
  offer_ms float8, tells_donor boolean, skip_locked boolean, handover_code text)
returns json language plpgsql
set plan_cache_mode = force_generic_plan as $$
declare
  pkg packages;
begin
  select * into pkg from packages p where p.id = package_id;
  if not found then
    return null;
  end if;
  return almquest_claim_row(pkg, chosen, ranked_range, ranked_lat, ranked_lng, offer_ms,
                            tells_donor, skip_locked, handover_code);
end;
$$;
--> statement-breakpoint
-- almquest_match as in 0023, with four changes (issue #21): the package's point is arithmetic
-- the planner inlines (ll_to_earth was a function call per row: a third of a match); the first
-- look walks the index nearest first with no box for the planner to misjudge (see
-- almquest_candidates above); it fetches 32, as many as a seeded city's area usually holds at one
-- distance, so the second look is rarely needed; and the package row read here is handed to the
-- claim.
--
-- Matches a Not Paired package (locked by the caller) with the best feasible distributor, as
-- ranking.ts ranks: nearest (in whole millimetres), then the lower share of capacity in use after
-- taking it, then idle longest (never assigned first), then id. Two looks at the index: the
-- nearest feasible distance, then every candidate tied with it (distributors of one area share
-- its centre, so in a city many tie) ranked by the rest. A claim lost to another transaction
-- ranks again (up to five times); with skip_locked, a distributor another transaction holds is
-- passed over and named in the answer. The answer: the claim's, or
-- {"state": null, "noneFeasible": ..., "passedOver": [...]}.
create or replace function almquest_match(
  package_id uuid, offer_ms float8, tells_donor boolean, skip_locked boolean,
  handover_code text, max_range_km float8, split_lock boolean)
returns json language plpgsql
-- Each statement's plan is made once per connection and kept: left to choose, PostgreSQL planned
-- the candidate lookups afresh on every call (the generic plan's estimate looked dearer), which
-- was half of a match's time (issue #21).
set plan_cache_mode = force_generic_plan as $$
declare
  pkg packages;
  best record;
  nearest_km float8;
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
    -- One look at the index: the nearest few, and among them every one within a centimetre of
    -- the nearest (all that ranking.ts counts as tied with it), ranked by the rest. Only when
    -- every one fetched is tied may more be tied beyond them: then the second look below.
    select t.id, t.distance_range, t.home_lat, t.home_lng, t.nearest_km, t.tied into best
      from (select n.*, count(*) filter (where n.km <= n.nearest_km + 1e-5) over () as tied
              from (select c.*, min(c.km) over () as nearest_km
                      from (select c.* from almquest_candidates(pkg.id, pkg.lat, pkg.lng,
                                 pkg.travel_capacity, pkg.diet, pkg.group_id, pkg.quantity,
                                 passed) c
                             -- Nobody reaches farther than the largest range allowed.
                             where c.km <= pkg.travel_capacity + max_range_km
                             order by c.area <-> almquest_earth_point(pkg.lat, pkg.lng)
                             limit 32) c) n) t
     where t.km <= t.nearest_km + 1e-5
     order by floor(t.km * 1e6::float8),
              (t.open_load + pkg.quantity)::float8 / t.max_capacity,
              date_trunc('milliseconds', t.last_assigned_at) nulls first,
              t.id
     limit 1;
    if not found then
      return json_build_object('state', null, 'noneFeasible', true,
                               'passedOver', to_json(passed));
    end if;
    nearest_km := best.nearest_km;
    if best.tied >= 32 then
      -- Every one within a centimetre of the nearest: all that ranking.ts counts as tied with it.
      -- (The box is on earthdistance's slightly larger sphere: the slack keeps them all inside.)
      select c.id, c.distance_range, c.home_lat, c.home_lng into best
        from almquest_candidates(pkg.id, pkg.lat, pkg.lng, pkg.travel_capacity, pkg.diet,
                                 pkg.group_id, pkg.quantity, passed) c
       where public.cube_enlarge(almquest_earth_point(pkg.lat, pkg.lng),
                                 (nearest_km + 1e-5) * 1000 * 1.003, 3) @> c.area
         and c.km <= nearest_km + 1e-5
       order by floor(c.km * 1e6::float8),
                (c.open_load + pkg.quantity)::float8 / c.max_capacity,
                date_trunc('milliseconds', c.last_assigned_at) nulls first,
                c.id
       limit 1;
      if not found then
        -- The nearest filled up (or went) between the two looks: look again.
        continue;
      end if;
    end if;
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
--> statement-breakpoint
-- package_city as in 0023, in PL/pgSQL (a SQL function with a FROM clause is planned at every
-- call: every donation's insert) and from the inlined point. Within 50 km along the sphere is
-- within the chord of 50 km through it.
create or replace function package_city(p_lat double precision, p_lng double precision)
returns text language plpgsql stable
set plan_cache_mode = force_generic_plan as $$
declare
  here public.cube := almquest_earth_point(p_lat, p_lng);
begin
  return (select coalesce(nullif(pl.district, ''), pl.name)
            from places pl
           where public.cube_enlarge(here, 50000, 3) @> pl.earth
             and pl.earth <-> here <= 2 * 6378168::float8 * sin(50000 / (2 * 6378168::float8))
           order by pl.earth <-> here
           limit 1);
end;
$$;
--> statement-breakpoint
-- record_impact_delta as in 0012, an update's two rows in one statement.
create or replace function record_impact_delta() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    insert into impact_deltas (week, state, city, packages, meals, served)
    values (impact_week(old.created_at), old.state, coalesce(old.city, ''), -1, -old.quantity,
            -coalesce(old.served_count, 0)),
           (impact_week(new.created_at), new.state, coalesce(new.city, ''), 1, new.quantity,
            coalesce(new.served_count, 0));
  elsif tg_op = 'DELETE' then
    insert into impact_deltas (week, state, city, packages, meals, served)
    values (impact_week(old.created_at), old.state, coalesce(old.city, ''), -1, -old.quantity,
            -coalesce(old.served_count, 0));
  else
    insert into impact_deltas (week, state, city, packages, meals, served)
    values (impact_week(new.created_at), new.state, coalesce(new.city, ''), 1, new.quantity,
            coalesce(new.served_count, 0));
  end if;
  return null;
end;
$$;
