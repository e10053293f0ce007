-- geometry.ts coarsenMeetPoint: the nearest corner of the 0.01-degree grid cell around the meet
-- point that lies within both ranges (the four corners in the reference's order, the first of the
-- nearest kept), or the point itself when none does.
create or replace function almquest_coarsen_meet_point(
  m_lat float8, m_lng float8, p_lat float8, p_lng float8, x_lat float8, x_lng float8,
  donor_km float8, distributor_km float8, out lat float8, out lng float8)
language plpgsql immutable parallel safe as $$
declare
  lat0 float8 := floor(m_lat / 0.01::float8) * 0.01::float8;
  lng0 float8 := floor(m_lng / 0.01::float8) * 0.01::float8;
  c_lat float8;
  c_lng float8;
  km float8;
  best_km float8;
begin
  lat := m_lat;
  lng := m_lng;
  for i in 0..1 loop
    for j in 0..1 loop
      c_lat := round((lat0 + i * 0.01::float8)::numeric, 2)::float8;
      c_lng := round((lng0 + j * 0.01::float8)::numeric, 2)::float8;
      if almquest_distance_km(c_lat, c_lng, p_lat, p_lng) <= donor_km
         and almquest_distance_km(c_lat, c_lng, x_lat, x_lng) <= distributor_km then
        km := almquest_distance_km(c_lat, c_lng, m_lat, m_lng);
        if best_km is null or km < best_km then
          best_km := km;
          lat := c_lat;
          lng := c_lng;
        end if;
      end if;
    end loop;
  end loop;
end;
$$;
