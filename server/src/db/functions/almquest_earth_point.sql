-- earthdistance's ll_to_earth(lat, lng) as plain arithmetic the planner inlines (ll_to_earth cannot
-- be inlined because of its domain check, so each use would be a function call per row): the same
-- numbers as the stored earth columns. Decision 022.
create or replace function almquest_earth_point(lat float8, lng float8)
returns public.cube language sql immutable parallel safe as $$
  select public.cube(public.cube(public.cube(6378168::float8 * cos(radians(lat)) * cos(radians(lng))),
                                 6378168::float8 * cos(radians(lat)) * sin(radians(lng))),
                     6378168::float8 * sin(radians(lat)))
$$;
