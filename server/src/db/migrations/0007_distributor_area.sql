DROP INDEX "users_distributor_location_gist";
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "area_lat" double precision GENERATED ALWAYS AS (least((floor(lat * 100) + 0.5) / 100, 90)) STORED;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "area_lng" double precision GENERATED ALWAYS AS ((floor(lng * 100) + 0.5) / 100) STORED;
--> statement-breakpoint
CREATE INDEX "users_distributor_area_gist" ON "users" USING gist (ll_to_earth("area_lat", "area_lng")) WHERE "users"."user_type" = 'distributor' and "users"."lat" is not null;
