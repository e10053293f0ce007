-- Gives the package to the chosen distributor if they can still take it: their room is taken
-- (never past capacity), the meet point is set (a public locality within both ranges, or a
-- coordinate coarsened to about a kilometre), the package becomes Offered or Paired, and its
-- timeline entry and notifications are written. Null when the distributor no longer qualifies
-- (suspended, full, moved, changed range): the caller ranks again. The chosen's ranked range and
-- home are passed in so a distributor who changed them meanwhile is not claimed on stale figures.
-- A standing pickup's distributor is paired without an offer (decision 041).
-- by_record: the reliable dispatch policy (decisions 034 and 035): even with autoAccept, anyone
-- who has missed more pick-ups than they collected is asked first, and so is anyone already
-- holding more packages than they have ever collected (a newcomer holds one at a time
-- automatically until their first collection).
create or replace function almquest_claim_row(
  pkg packages, chosen uuid, ranked_range float8, ranked_lat float8, ranked_lng float8,
  offer_ms float8, tells_donor boolean, skip_locked boolean, handover_code text,
  by_record boolean)
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
  -- Offer and pair start from Not Paired alone (lifecycle/transitions.ts): a caller that claims
  -- any other package is wrong, and nothing is written. Locked (callers hold it already), so
  -- two claims at once take turns and the second finds it taken.
  perform 1 from packages p where p.id = pkg.id and p.state = 'Not Paired' for update;
  if not found then
    raise exception 'almquest_claim_row: package % is not Not Paired', pkg.id
      using errcode = 'P0001';
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
   where dd.user_id = chosen and u.id = dd.user_id
     -- Still able to take it (the walk checked who turned it down).
     and almquest_cannot_take(u.suspended_at, dd.is_active, dd.open_load, dd.max_capacity,
                              dd.veg_only, pkg.quantity, pkg.diet, false) is null
     and dd.distance_range = ranked_range
     and u.lat = ranked_lat and u.lng = ranked_lng
  returning u.id, dd.auto_accept, u.name, u.phone, u.picture, u.address, u.lat, u.lng,
            u.area_lat, u.area_lng, dd.distance_range, dd.pickups_missed,
            dd.pickups_collected
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

  -- A distributor who takes this standing donation every day said yes once for all its days
  -- (decision 041): paired at once, not asked again, while they have not missed more pick-ups
  -- than they collected.
  is_offer := (not d.auto_accept
    or (by_record and (d.pickups_missed > d.pickups_collected
                       -- From the partial index of paired packages: at most what they can hold.
                       or (select count(*) from packages h
                            where h.distributor_id = d.id and h.state = 'Paired'
                              and h.id <> pkg.id) > d.pickups_collected)))
    and not (d.pickups_missed <= d.pickups_collected
             and exists (select 1 from standing_pickups s
                          where s.standing_id = pkg.standing_id and s.distributor_id = d.id));
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
         -- Under the reliable dispatch, by when they say they are on their way (decision 044):
         -- not of someone who may get the pairing by WhatsApp or SMS, where they cannot say it.
         check_in_by = case
           when is_offer or not by_record
             or exists (select 1 from messaging_channels mc
                         where mc.user_id = d.id and mc.verified_at is not null
                           and mc.opted_out_at is null)
           then null
           else almquest_check_in_by(p.created_at, p.ready_until, p.standing_id, now()) end,
         on_way_at = null,
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
