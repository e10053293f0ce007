-- Matches a package: walks the distributors nearest it (almquest_walk), takes the first feasible in
-- ranking.ts's order and claims it (almquest_claim_row); ranks again if the claim fails. Each look is
-- one pass over its walk: how far it reached and whom it chose come from one aggregate. The answer:
-- the claim's, or {"state": null, "noneFeasible", "passedOver"}. by_record: the reliable
-- dispatch policy (decision 034), where each distributor's record lengthens their distance
-- (ranking.ts rankedKm).
create or replace function almquest_match(
  package_id uuid, offer_ms float8, tells_donor boolean, skip_locked boolean,
  handover_code text, max_range_km float8, split_lock boolean, by_record boolean)
returns json language plpgsql
set plan_cache_mode = force_generic_plan as $$
declare
  pkg packages;
  look record;
  best almquest_choice;
  walk int;
  knn int;
  passed uuid[] := '{}';
  answer json;
  within float8;
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
    knn := 48;
    walk := knn;
    within := null;
    loop
      -- One pass over the walk: how many it walked, how far it reached, and the first of its
      -- feasible in ranking.ts's order: the nearest (to the millimetre) first, then the rest.
      -- The first is always within a centimetre of the nearest feasible (all that ranking.ts
      -- counts as tied with it): a row in the same millimetre is.
      -- With by_record the chosen one's km is as ranked: farther than they are by their record.
      select count(*)::int as walked, max(w.km) as edge_km,
             (array_agg(row(w.id, w.distance_range, w.home_lat, w.home_lng, w.ranked)::almquest_choice
                        order by floor(w.ranked * 1e6::float8),
                                 (w.open_load + pkg.quantity)::float8 / w.max_capacity,
                                 date_trunc('milliseconds', w.last_assigned_at) nulls first,
                                 w.id)
                filter (where w.feasible
                          -- Nobody reaches farther than the largest range allowed.
                          and w.km <= pkg.travel_capacity + max_range_km))[1] as chosen
        into look
        from (select r.*,
                     r.km + case when by_record
                                 then 3::float8 * (r.pickups_missed + r.offers_lapsed * 0.5::float8)
                                      / (r.pickups_collected + r.pickups_missed
                                         + r.offers_lapsed * 0.5::float8 + 1)
                                 else 0 end as ranked
                from almquest_walk(pkg.id, pkg.lat, pkg.lng, pkg.travel_capacity, pkg.diet,
                                   pkg.group_id, pkg.quantity, passed, walk, within) r) w;
      best := look.chosen;
      if best.id is not null and within is null then
        -- Done unless the walk stopped inside the tie (more tied may lie just past its end):
        -- whoever lies past it is farther than the edge (and ranks at least that far), so more
        -- than a centimetre beyond the chosen one ranks after it.
        exit when look.walked < walk or look.edge_km > best.km + 1e-5;
        -- Inside a tie (at a million distributors a hundred or more share an area's centre):
        -- read all of it at once, everyone as near as the chosen one ranks (nobody ranks nearer
        -- than they are), rather than walking four times as far again.
        within := best.km + 1e-5;
        walk := 2147483647;
      elsif best.id is not null and best.km <= within then
        -- Everyone who could rank before it was in that pass.
        exit;
      -- Nobody feasible among them: farther only if the walk ended within reach. Nobody
      -- reaches farther than the largest range anyone has (read from the end of its index),
      -- nor than the largest allowed: a donation nobody can take stops there.
      elsif within is null
            and (look.walked < walk
                 or look.edge_km > pkg.travel_capacity
                                   + least(max_range_km,
                                           (select max(r.distance_range) from distributors r))) then
        return json_build_object('state', null, 'noneFeasible', true,
                                 'passedOver', to_json(passed));
      else
        -- Walk four times as far: nobody feasible yet within reach, or the tie was taken
        -- meanwhile (each pass reads what is committed then).
        within := null;
        knn := knn * 4;
        walk := knn;
      end if;
    end loop;
    answer := almquest_claim_row(pkg, best.id, best.distance_range, best.home_lat, best.home_lng,
                                 offer_ms, tells_donor, skip_locked, handover_code, by_record);
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
