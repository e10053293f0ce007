-- Why a distributor cannot take a package, or null when they can: the one definition of who may
-- take one, whatever the distance (reach is matching's own rule; a coordinator may choose anyone
-- however far). In order: suspended, inactive, no room for `room_needed` meals, vegetarian only
-- for a package that is not, turned it down (almquest_turned_down). Matching's walk and claim,
-- the explanation of a wait, the coordinator's candidates and a coordinator's offer all ask it.
-- One CASE the planner inlines: no call per row.
create or replace function almquest_cannot_take(
  suspended_at timestamptz, is_active boolean, open_load int, max_capacity int,
  veg_only boolean, room_needed int, diet text, turned_down boolean)
returns text language sql immutable parallel safe as $$
  select case
    when suspended_at is not null then 'suspended'
    when not coalesce(is_active, false) then 'inactive'
    when coalesce(open_load, 0) + room_needed > coalesce(max_capacity, 0) then 'no_room'
    when diet <> 'veg' and coalesce(veg_only, false) then 'veg_only'
    when turned_down then 'gave_back'
  end
$$;
