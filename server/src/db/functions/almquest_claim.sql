-- almquest_claim_row for a package named by its id (a split's parts are claimed so, assign.ts).
create or replace function almquest_claim(
  package_id uuid, chosen uuid, ranked_range float8, ranked_lat float8, ranked_lng float8,
  offer_ms float8, tells_donor boolean, skip_locked boolean, handover_code text,
  by_record boolean)
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
                            tells_donor, skip_locked, handover_code, by_record);
end;
$$;
