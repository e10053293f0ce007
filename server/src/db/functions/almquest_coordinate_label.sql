-- A coordinate as the meet point shows it: two decimals when it is a grid corner, else three.
create or replace function almquest_coordinate_label(deg float8)
returns text language sql immutable parallel safe as $$
  select case when abs(deg * 100 - round(deg * 100)) < 1e-6 then round(deg::numeric, 2)::text
              else round(deg::numeric, 3)::text end
$$;
