-- Each distributor's record (decision 034), and matching told which dispatch policy to follow:
-- the functions that take it have a new argument (and the walk answers the record), so the old
-- ones go here and db/functions makes them again.
ALTER TABLE "distributors" ADD COLUMN "offers_lapsed" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "pickups_missed" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "pickups_collected" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The record as the timeline already tells it: offers let lapse, packages received, packages
-- that expired while a distributor held them.
UPDATE distributors d SET
  offers_lapsed = (SELECT count(*) FROM package_events e
                    WHERE e.distributor_id = d.user_id AND e.kind = 'lapsed'),
  pickups_collected = (SELECT count(*) FROM package_events e
                        WHERE e.distributor_id = d.user_id AND e.kind = 'received'),
  pickups_missed = (SELECT count(*) FROM packages p
                     WHERE p.distributor_id = d.user_id AND p.state = 'Expired'
                       AND p.paired_at IS NOT NULL);
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
