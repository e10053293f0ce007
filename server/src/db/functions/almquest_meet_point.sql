-- geometry.ts meetPoint: on the great circle from the package P to the distributor's area X, at
-- d * rD / (rD + rX) from P (the donor travels no more than rD when X is farther than both reach).
create or replace function almquest_meet_point(
  p_lat float8, p_lng float8, x_lat float8, x_lng float8, donor_km float8, distributor_km float8,
  out lat float8, out lng float8)
language plpgsql immutable parallel safe as $$
declare
  -- A range under a micrometre counts as none: PostgreSQL refuses a float that underflows.
  rd float8 := case when donor_km < 1e-9 then 0 else donor_km end;
  rx float8 := case when distributor_km < 1e-9 then 0 else distributor_km end;
  total float8 := rd + rx;
  delta float8 := almquest_central_angle(p_lat, p_lng, x_lat, x_lng);
  f float8;
  wa float8;
  wb float8;
  x float8;
  y float8;
  z float8;
begin
  if total <= 0 or delta < 1e-12 then
    lat := p_lat;
    lng := p_lng;
    return;
  end if;
  f := case when delta * 6371.0088 > total then rd / (delta * 6371.0088) else rd / total end;
  wa := sin((1 - f) * delta) / sin(delta);
  wb := sin(f * delta) / sin(delta);
  x := wa * cos(radians(p_lat)) * cos(radians(p_lng)) + wb * cos(radians(x_lat)) * cos(radians(x_lng));
  y := wa * cos(radians(p_lat)) * sin(radians(p_lng)) + wb * cos(radians(x_lat)) * sin(radians(x_lng));
  z := wa * sin(radians(p_lat)) + wb * sin(radians(x_lat));
  lat := degrees(atan2(z, sqrt(x * x + y * y)));
  lng := degrees(atan2(y, x));
end;
$$;
