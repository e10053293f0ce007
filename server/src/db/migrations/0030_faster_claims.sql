-- Issue #21: a match did work once per row, or once per statement, that it needs once (the
-- matching ratio was at its line, 2.9-3.2). Measured in the server, 100k distributors.
--
-- 1. The package's point on the sphere was computed for every distributor walked and every
--    locality looked at (the ORDER BY expression is also projected per row): 48 + 16 points, each
--    three cube constructions and six trigonometric calls. It is computed once, as an InitPlan
--    (a scalar sub-select) in the walks and as a variable in the claim: 25-35 us a look.
-- 2. A package waiting to be re-matched was indexed by ll_to_earth(lat, lng): a SQL function the
--    planner cannot inline (its domain cast), so each donation's insert parsed and planned its
--    body again, four times over. The index is on almquest_earth_point (re-matching asks for the
--    same expression); it also restores from a dump with an empty search path.
-- 3. An e-mail delivery has no device: its row stays out of the device index.
-- 4. A part of a split donation reads the turned-down of its whole donation; a package outside
--    one no longer runs that query at all (with many turned-down offers in the timeline, the
--    planner's generic plan scanned them all).
-- 5. A look ranked the walk through two windows (the walk's reach, the nearest feasible's
--    distance) and a filter that never changed the choice, and walked again for the reach when
--    nobody was feasible. It is one aggregate over one walk (almquest_walk, where the rules now
--    are; a split's planning reads it too, in one query).
-- 6. A changed package fired two triggers (its word to the other processes, its impact delta):
--    one trigger does both.
-- 7. A new package's city was the nearest place within 50 km, found by a box the planner cannot
--    estimate; it is the nearest place, kept if within 50 km: one index entry.
-- 8. A CHECK that a column holds one of a list is one array constant (schema.ts isOneOf):
--    PostgreSQL reads a table's CHECKs from their stored form at every statement that writes
--    it, and a list was stored as one node per value: 30 us a match.
DROP INDEX "notification_deliveries_subscription_id";
--> statement-breakpoint
DROP INDEX "packages_unpaired_location_gist";
--> statement-breakpoint
CREATE INDEX "notification_deliveries_subscription_id" ON "notification_deliveries" USING btree ("subscription_id") WHERE "notification_deliveries"."subscription_id" is not null;
--> statement-breakpoint
CREATE INDEX "packages_unpaired_location_gist" ON "packages" USING gist (almquest_earth_point("lat", "lng")) WHERE "packages"."state" = 'Not Paired';
--> statement-breakpoint
-- 8.
ALTER TABLE "notification_deliveries" DROP CONSTRAINT "notification_deliveries_channel";
--> statement-breakpoint
ALTER TABLE "notification_deliveries" DROP CONSTRAINT "notification_deliveries_state";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_state";
--> statement-breakpoint
ALTER TABLE "package_events" DROP CONSTRAINT "package_events_kind";
--> statement-breakpoint
ALTER TABLE "package_reports" DROP CONSTRAINT "package_reports_reason";
--> statement-breakpoint
ALTER TABLE "packages" DROP CONSTRAINT "packages_state";
--> statement-breakpoint
ALTER TABLE "packages" DROP CONSTRAINT "packages_diet";
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_locale";
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_channel" CHECK ("notification_deliveries"."channel" = any ('{"push","email"}'::text[]));
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_state" CHECK ("notification_deliveries"."state" = any ('{"pending","sent","failed","dropped"}'::text[]));
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" = any ('{"pairedDonor","pairedDistributor","notPaired","received","distributed","offered","offerLapsed","released","cancelled","expiredDonor","expiredDistributor","stillWaiting","cancelledByCoordinator","takenOver","splitDonor"}'::text[]));
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_state" CHECK ("notifications"."state" = any ('{"Not Paired","Offered","Paired","Received","Distributed","Cancelled","Expired"}'::text[]));
--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_kind" CHECK ("package_events"."kind" = any ('{"created","offered","accepted","declined","lapsed","paired","released","widened","received","distributed","cancelled","expired","cancelledByCoordinator","takenBack"}'::text[]));
--> statement-breakpoint
ALTER TABLE "package_reports" ADD CONSTRAINT "package_reports_reason" CHECK ("package_reports"."reason" = any ('{"not_food","unsafe","no_show"}'::text[]));
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_state" CHECK ("packages"."state" = any ('{"Not Paired","Offered","Paired","Received","Distributed","Cancelled","Expired"}'::text[]));
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_diet" CHECK ("packages"."diet" = any ('{"veg","nonveg","egg"}'::text[]));
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale" CHECK ("users"."locale" is null or "users"."locale" = any ('{"en","hi","bn"}'::text[]));
--> statement-breakpoint
-- The walk: the `walk` distributors nearest the package (a KNN walk of distributors_area_gist),
-- each with its distance as ranking.ts measures it (haversine, inlined) and whether it could
-- take the package (the rules, in this one place). The package's point once per walk; the
-- donation's turned-down only for a part of one.
create function almquest_walk(
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
--> statement-breakpoint
-- almquest_candidates and almquest_walk_edge (migration 0029) are no more: matching and a
-- split's planning (assign.ts feasibleCandidates) read almquest_walk, which answers the walk's
-- reach even when nobody in it is feasible.
drop function almquest_candidates(uuid, float8, float8, float8, text, uuid, int, uuid[], int);
--> statement-breakpoint
drop function almquest_walk_edge(float8, float8, int);
--> statement-breakpoint
-- The distributor a look chose: who, and what the claim re-checks (range and home).
create type almquest_choice as (id uuid, distance_range float8, home_lat float8, home_lng float8,
                                km float8);
--> statement-breakpoint
-- almquest_match as in 0029, each look one pass over its walk (migration 0030): the walk's reach
-- and the chosen come from one aggregate, with no window and no second walk for the reach when
-- nobody in it is feasible. The nearest feasible's distance is not computed apart, as the
-- first in rank order is within a centimetre of it anyway.
create or replace function almquest_match(
  package_id uuid, offer_ms float8, tells_donor boolean, skip_locked boolean,
  handover_code text, max_range_km float8, split_lock boolean)
returns json language plpgsql
set plan_cache_mode = force_generic_plan as $$
declare
  pkg packages;
  look record;
  best almquest_choice;
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
      -- One pass over the walk: how many it walked, how far it reached, and the first of its
      -- feasible in ranking.ts's order: the nearest (to the millimetre) first, then the rest.
      -- The first is always within a centimetre of the nearest feasible (all that ranking.ts
      -- counts as tied with it): a row in the same millimetre is.
      select count(*)::int as walked, max(w.km) as edge_km,
             (array_agg(row(w.id, w.distance_range, w.home_lat, w.home_lng, w.km)::almquest_choice
                        order by floor(w.km * 1e6::float8),
                                 (w.open_load + pkg.quantity)::float8 / w.max_capacity,
                                 date_trunc('milliseconds', w.last_assigned_at) nulls first,
                                 w.id)
                filter (where w.feasible
                          -- Nobody reaches farther than the largest range allowed.
                          and w.km <= pkg.travel_capacity + max_range_km))[1] as chosen
        into look
        from almquest_walk(pkg.id, pkg.lat, pkg.lng, pkg.travel_capacity, pkg.diet, pkg.group_id,
                           pkg.quantity, passed, walk) w;
      best := look.chosen;
      if best.id is not null then
        -- Done unless the walk stopped inside the tie (more tied may lie just past its end):
        -- whoever lies past it is farther than the edge, so more than a centimetre beyond the
        -- chosen one ranks after it.
        exit when look.walked < walk or look.edge_km > best.km + 1e-5;
      -- Nobody feasible among them: farther only if the walk ended within reach. Nobody
      -- reaches farther than the largest range anyone has (read from the end of its index),
      -- nor than the largest allowed: a donation nobody can take stops there.
      elsif look.walked < walk
            or look.edge_km > pkg.travel_capacity
                              + least(max_range_km,
                                      (select max(r.distance_range) from distributors r)) then
        return json_build_object('state', null, 'noneFeasible', true,
                                 'passedOver', to_json(passed));
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
--> statement-breakpoint
-- almquest_claim_row as in 0027, the meet point's point once per claim.
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
  meet_earth cube;
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
  meet_earth := almquest_earth_point(exact.lat, exact.lng);
  -- The nearest of the sixteen localities nearest the meet point that lies within both ranges
  -- (decision 003), in the index's own order: the walk stops at the first that does.
  select near.name, near.district, near.state, near.pin, near.lat, near.lng into place
    from (select pl.name, pl.district, pl.state, pl.pin, pl.lat, pl.lng,
                 pl.earth <-> meet_earth as chord
            from places pl
           where pl.kind = 'locality'
           order by pl.earth <-> meet_earth
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
-- Every change to a package, in one trigger: its word to the processes that keep package pages
-- (migration 0025: not for a new package, which nobody can have kept) and its impact delta
-- (migration 0012: the old row's figures taken away, the new row's added, only when a figure
-- the impact counts changed).
create function almquest_package_written() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into impact_deltas (week, state, city, packages, meals, served)
    values (impact_week(new.created_at), new.state, coalesce(new.city, ''), 1, new.quantity,
            coalesce(new.served_count, 0));
    return null;
  end if;
  perform pg_notify('almquest_sessions', old.id::text);
  if tg_op = 'DELETE' then
    insert into impact_deltas (week, state, city, packages, meals, served)
    values (impact_week(old.created_at), old.state, coalesce(old.city, ''), -1, -old.quantity,
            -coalesce(old.served_count, 0));
  elsif old.state is distinct from new.state or old.quantity is distinct from new.quantity
        or old.served_count is distinct from new.served_count or old.city is distinct from new.city
        or old.created_at is distinct from new.created_at then
    insert into impact_deltas (week, state, city, packages, meals, served)
    values (impact_week(old.created_at), old.state, coalesce(old.city, ''), -1, -old.quantity,
            -coalesce(old.served_count, 0)),
           (impact_week(new.created_at), new.state, coalesce(new.city, ''), 1, new.quantity,
            coalesce(new.served_count, 0));
  end if;
  return null;
end;
$$;
--> statement-breakpoint
drop trigger packages_changed on packages;
--> statement-breakpoint
drop trigger packages_impact_insert_delete on packages;
--> statement-breakpoint
drop trigger packages_impact_update on packages;
--> statement-breakpoint
create trigger packages_written after insert or update or delete on packages
  for each row execute function almquest_package_written();
--> statement-breakpoint
drop function record_impact_delta();
--> statement-breakpoint
-- package_city as in 0027: the nearest place, kept if it lies within 50 km.
create or replace function package_city(p_lat double precision, p_lng double precision)
returns text language plpgsql stable
set plan_cache_mode = force_generic_plan as $$
declare
  here public.cube := almquest_earth_point(p_lat, p_lng);
begin
  return (select coalesce(nullif(n.district, ''), n.name)
            from (select pl.district, pl.name, pl.earth <-> here as chord
                    from places pl
                   order by pl.earth <-> here
                   limit 1) n
           where n.chord <= 2 * 6378168::float8 * sin(50000 / (2 * 6378168::float8)));
end;
$$;
