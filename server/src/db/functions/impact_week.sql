-- The Monday (India time) of the week a moment falls in: the impact figures' week.
create or replace function impact_week(t timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('week', t AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata'
$$;
