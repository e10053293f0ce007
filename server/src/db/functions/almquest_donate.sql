-- A donation in one statement: the donor's person lock, their row read for share, the package, its
-- first timeline entry, the lifetime count, the match and the Not Paired notice. A donation that may
-- not be split is one statement and its own transaction, so the chosen distributor's row is held
-- only until the commit that follows at once. A donation that may be split is stored by this
-- function (with_match false) inside the app's transaction, which then matches or splits it.
-- The answer: {"refused": "gone" | "suspended"}, or {"package": the row as it stands,
-- "notifications": the rows written, "passedOver": [...]}.
create or replace function almquest_donate(
  donor uuid, p_address text, p_lat float8, p_lng float8, p_quantity int, p_travel float8,
  p_idempotency_key text, p_created_at timestamptz, p_ready_until timestamptz,
  p_warn_at timestamptz, p_diet text, p_allow_split boolean, with_match boolean,
  offer_ms float8, handover_code text, max_range_km float8, by_record boolean,
  p_food_kind text, p_prepared_at timestamptz, p_use_by timestamptz)
returns json language plpgsql
set plan_cache_mode = force_generic_plan as $$
declare
  person record;
  created packages;
  answer json;
  told json;
begin
  -- The person's lock first (db/person-lock.ts): a suspension under way goes first, and one that
  -- starts now waits for this donation and then cancels it with their other packages.
  perform pg_advisory_xact_lock_shared(1097624913, hashtext(donor::text));
  select u.name, u.phone, u.suspended_at into person from users u where u.id = donor for share;
  if not found then
    return json_build_object('refused', 'gone');
  end if;
  if person.suspended_at is not null then
    return json_build_object('refused', 'suspended');
  end if;
  insert into packages (donor_id, donor_name, donor_phone, address, lat, lng, quantity,
                        travel_capacity, idempotency_key, created_at, ready_until, warn_at,
                        diet, allow_split, food_kind, prepared_at, use_by, donor_licensed)
  values (donor, person.name, coalesce(person.phone, ''), p_address, p_lat, p_lng, p_quantity,
          p_travel, p_idempotency_key, p_created_at, p_ready_until, p_warn_at, p_diet,
          p_allow_split, p_food_kind, p_prepared_at, p_use_by,
          -- From a licensed source: the donor's FSSAI number was verified when they gave it.
          exists (select 1 from donors d where d.user_id = donor and d.fssai_verified_at is not null))
  returning * into created;
  insert into package_events (package_id, kind) values (created.id, 'created');
  update donors set lifetime_donation = lifetime_donation + p_quantity where user_id = donor;
  if not with_match then
    return json_build_object('package', row_to_json(created), 'notifications', '[]'::json,
                             'passedOver', '[]'::json);
  end if;

  answer := almquest_match(created.id, offer_ms, true, false, handover_code, max_range_km, false,
                           by_record);
  if answer->>'state' is not null then
    return json_build_object('package', answer->'package',
                             'notifications', answer->'notifications',
                             'passedOver', '[]'::json);
  end if;
  -- Nobody could take it now: the donor hears that it waits (db/notifications.ts
  -- donorNotification; a new donation belongs to no split donation yet).
  with added as (
    insert into notifications (user_id, package_id, photo, state, user_type, kind,
                               package_quantity, package_address, package_donated_at,
                               counterpart_name, donation_id, donation_quantity)
    values (donor, created.id, null, 'Not Paired', 'Donor', 'notPaired', created.quantity,
            created.address, created.created_at, null, null, null)
    returning *
  )
  select json_agg(a) into told from added a;
  return json_build_object('package', row_to_json(created), 'notifications', told,
                           'passedOver', answer->'passedOver');
end;
$$;
