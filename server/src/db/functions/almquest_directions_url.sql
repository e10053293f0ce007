-- A Google Maps directions link from one point to another. Each number is cast to text before it
-- is joined (numeric || text is only stable, which would keep this function from being inlined).
create or replace function almquest_directions_url(
  from_lat float8, from_lng float8, to_lat float8, to_lng float8)
returns text language sql immutable parallel safe as $$
  select 'https://www.google.com/maps/dir/?api=1&origin='
    || round(from_lat::numeric, 6)::text || ',' || round(from_lng::numeric, 6)::text
    || '&destination=' || round(to_lat::numeric, 6)::text || ',' || round(to_lng::numeric, 6)::text
    || '&travelmode=driving'
$$;
