-- The angle between two points on the sphere (haversine), as matching/geometry.ts measures it.
-- geometry.ts and ranking.ts stay the readable reference of the matching rules; match-sql.test.ts
-- holds these functions to them (same choice, same meet point). Decision 018.
create or replace function almquest_central_angle(lat1 float8, lng1 float8, lat2 float8, lng2 float8)
returns float8 language sql immutable parallel safe as $$
  select 2 * asin(least(1, sqrt(
    sin(radians(lat2 - lat1) / 2) ^ 2
    + cos(radians(lat1)) * cos(radians(lat2)) * sin(radians(lng2 - lng1) / 2) ^ 2)))
$$;
