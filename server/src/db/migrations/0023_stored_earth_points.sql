-- Issue #21: the distributors' area and the places' location are stored as earthdistance points
-- (ll_to_earth's arithmetic written out, schema-qualified: a pg_dump restores with an empty
-- search path, and ll_to_earth's body needs one) with a GiST index on the column, and the
-- functions that probe them read the column.
DROP INDEX "places_location_gist";
--> statement-breakpoint
DROP INDEX "users_distributor_area_gist";
--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "earth" "cube" GENERATED ALWAYS AS (public.cube(public.cube(public.cube(6378168::float8 * cos(radians(lat)) * cos(radians(lng))), 6378168::float8 * cos(radians(lat)) * sin(radians(lng))), 6378168::float8 * sin(radians(lat)))) STORED;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "area_earth" "cube" GENERATED ALWAYS AS (public.cube(public.cube(public.cube(6378168::float8 * cos(radians(least((floor(lat * 100) + 0.5) / 100, 90))) * cos(radians((floor(lng * 100) + 0.5) / 100))), 6378168::float8 * cos(radians(least((floor(lat * 100) + 0.5) / 100, 90))) * sin(radians((floor(lng * 100) + 0.5) / 100))), 6378168::float8 * sin(radians(least((floor(lat * 100) + 0.5) / 100, 90))))) STORED;
--> statement-breakpoint
CREATE INDEX "places_location_gist" ON "places" USING gist ("earth");
--> statement-breakpoint
CREATE INDEX "users_distributor_area_gist" ON "users" USING gist ("area_earth") WHERE "users"."user_type" = 'distributor' and "users"."lat" is not null;
--> statement-breakpoint
-- Who turned a package down, by distributor: every candidate is asked (almquest_candidates),
-- and the plans kept per connection cannot narrow it by package first (attacker's review).
CREATE INDEX "package_events_turned_down" ON "package_events" USING btree ("distributor_id","package_id") WHERE "package_events"."kind" in ('declined', 'lapsed', 'released', 'takenBack');
--> statement-breakpoint
-- almquest_candidates as in 0020, from the stored area point's index.
create or replace function almquest_candidates(
  pkg_id uuid, pkg_lat float8, pkg_lng float8, travel_km float8, diet text, group_id uuid,
  min_room int, box_m float8, passed uuid[])
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
     and earth_box(ll_to_earth(pkg_lat, pkg_lng), box_m) @> u.area_earth
     -- Measured as ranking.ts measures (haversine, inlined: no call per row).
     and almquest_distance_km(pkg_lat, pkg_lng, u.area_lat, u.area_lng)
         <= travel_km + d.distance_range
     and d.is_active
     and d.open_load + min_room <= d.max_capacity
     and (diet = 'veg' or not d.veg_only)
     and u.id <> all(passed)
     and not exists (
       select 1 from package_events e
        where e.distributor_id = u.id
          and e.kind in ('declined', 'lapsed', 'released', 'takenBack')
          and (e.package_id = pkg_id
               or (group_id is not null and e.package_id in
                   (select g.id from packages g where g.group_id = almquest_candidates.group_id))))
$$;
--> statement-breakpoint
-- almquest_claim as in 0020, the meet point's locality from the stored point's index, and the
-- package as written in its answer.
create or replace function almquest_claim(
  package_id uuid, chosen uuid, ranked_range float8, ranked_lat float8, ranked_lng float8,
  offer_ms float8, tells_donor boolean, skip_locked boolean, handover_code text)
returns json language plpgsql
-- Plans made once per connection (see almquest_match).
set plan_cache_mode = force_generic_plan as $$
declare
  pkg record;
  d record;
  place record;
  has_place boolean;
  exact record;
  v_meet_lat float8;
  v_meet_lng float8;
  v_meet_address text;
  is_offer boolean;
  written json;
  written_package packages;
begin
  select p.id, p.lat, p.lng, p.quantity, p.travel_capacity, p.diet, p.group_id, p.donor_id,
         p.donor_name, p.address, p.created_at
    into pkg from packages p where p.id = package_id;
  if not found then
    return null;
  end if;
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
  select * into exact from almquest_meet_point(pkg.lat, pkg.lng, d.area_lat, d.area_lng,
                                                pkg.travel_capacity, d.distance_range);
  select near.name, near.district, near.state, near.pin, near.lat, near.lng into place
    from (select pl.name, pl.district, pl.state, pl.pin, pl.lat, pl.lng from places pl
           where pl.kind = 'locality'
           order by pl.earth <-> ll_to_earth(exact.lat, exact.lng)
           limit 16) near
   where almquest_distance_km(near.lat, near.lng, pkg.lat, pkg.lng) <= pkg.travel_capacity
     and almquest_distance_km(near.lat, near.lng, d.area_lat, d.area_lng) <= d.distance_range
   order by almquest_distance_km(near.lat, near.lng, exact.lat, exact.lng)
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
    select c.lat, c.lng into v_meet_lat, v_meet_lng
      from almquest_coarsen_meet_point(exact.lat, exact.lng, pkg.lat, pkg.lng, d.area_lat,
                                       d.area_lng, pkg.travel_capacity, d.distance_range) c;
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
         handover_code = case when is_offer then null else almquest_claim.handover_code end,
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
  pkg record;
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
  select p.id, p.lat, p.lng, p.quantity, p.travel_capacity, p.diet, p.group_id
    into pkg from packages p where p.id = package_id;
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
                                 (pkg.travel_capacity + max_range_km) * 1000 * 1.003, passed) c
                             order by c.area <-> ll_to_earth(pkg.lat, pkg.lng)
                             limit 16) c) n) t
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
    if best.tied >= 16 then
      -- Every one within a centimetre of the nearest: all that ranking.ts counts as tied with it.
      -- (The box is on earthdistance's slightly larger sphere: the slack keeps them all inside.)
      select c.id, c.distance_range, c.home_lat, c.home_lng into best
        from almquest_candidates(pkg.id, pkg.lat, pkg.lng, pkg.travel_capacity, pkg.diet,
                                 pkg.group_id, pkg.quantity, (nearest_km + 1e-5) * 1000 * 1.003,
                                 passed) c
       where c.km <= nearest_km + 1e-5
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
    answer := almquest_claim(pkg.id, best.id, best.distance_range, best.home_lat, best.home_lng,
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
-- package_city as in 0012, from the places' stored point.
create or replace function package_city(p_lat double precision, p_lng double precision) returns text
language sql stable as $$
  select coalesce(nullif(pl.district, ''), pl.name)
  from places pl
  where earth_box(ll_to_earth(p_lat, p_lng), 50000) @> pl.earth
    and earth_distance(ll_to_earth(p_lat, p_lng), pl.earth) <= 50000
  order by pl.earth <-> ll_to_earth(p_lat, p_lng)
  limit 1
$$;
