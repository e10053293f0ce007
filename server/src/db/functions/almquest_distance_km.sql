-- Great-circle kilometres between two points on a sphere of 6371.0088 km (geometry.ts).
create or replace function almquest_distance_km(lat1 float8, lng1 float8, lat2 float8, lng2 float8)
returns float8 language sql immutable parallel safe as $$
  select almquest_central_angle(lat1, lng1, lat2, lng2) * 6371.0088
$$;
