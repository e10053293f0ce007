ALTER TABLE "packages" ADD COLUMN "food_kind" text;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "prepared_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "use_by" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_food_kind" CHECK ("packages"."food_kind" is null or "packages"."food_kind" = any ('{"cookedHot","cookedChilled","packaged","produce","bakery"}'::text[]));
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_prepared_at" CHECK (("packages"."prepared_at" is not null) = ("packages"."food_kind" is not null and "packages"."food_kind" in ('cookedHot', 'cookedChilled')));
--> statement-breakpoint
-- almquest_donate takes the food's kind, preparation and use-by now (db/functions/almquest_donate.sql).
DROP FUNCTION IF EXISTS almquest_donate(uuid, text, float8, float8, int, float8, text, timestamptz, timestamptz, timestamptz, text, boolean, boolean, float8, text, float8, boolean);
