-- Each distributor's record (decision 034), and matching told which dispatch policy to follow:
-- the functions that take it have a new argument (and the walk answers the record), so the old
-- ones go here and db/functions makes them again.
ALTER TABLE "distributors" ADD COLUMN "offers_lapsed" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "pickups_missed" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "pickups_collected" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
DROP FUNCTION almquest_donate(uuid, text, float8, float8, int, float8, text, timestamptz, timestamptz, timestamptz, text, boolean, boolean, float8, text, float8);
--> statement-breakpoint
DROP FUNCTION almquest_match(uuid, float8, boolean, boolean, text, float8, boolean);
--> statement-breakpoint
DROP FUNCTION almquest_claim(uuid, uuid, float8, float8, float8, float8, boolean, boolean, text);
--> statement-breakpoint
DROP FUNCTION almquest_claim_row(packages, uuid, float8, float8, float8, float8, boolean, boolean, text);
--> statement-breakpoint
DROP FUNCTION almquest_walk(uuid, float8, float8, float8, text, uuid, int, uuid[], int);
