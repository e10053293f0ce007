CREATE INDEX "packages_unpaired_location_gist" ON "packages" USING gist (ll_to_earth("lat", "lng")) WHERE "packages"."state" = 'Not Paired';
