-- A new package's city: the district (or name) of the nearest place, kept if within 50 km.
create or replace function package_city(p_lat double precision, p_lng double precision)
returns text language plpgsql stable
set plan_cache_mode = force_generic_plan as $$
declare
  here public.cube := almquest_earth_point(p_lat, p_lng);
begin
  return (select coalesce(nullif(n.district, ''), n.name)
            from (select pl.district, pl.name, pl.earth <-> here as chord
                    from places pl
                   order by pl.earth <-> here
                   limit 1) n
           where n.chord <= 2 * 6378168::float8 * sin(50000 / (2 * 6378168::float8)));
end;
$$;
