-- Sets a new package's city (package_city), which the impact figures group by.
create or replace function set_package_city() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.city := package_city(NEW.lat, NEW.lng);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
create or replace trigger packages_city before insert on packages
  for each row
  execute function set_package_city();
