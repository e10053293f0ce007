-- Each distributor's record (decision 034), and matching told which dispatch policy to follow:
-- the functions that take it have a new argument (and the walk answers the record), so the old
-- ones go here and db/functions makes them again.
ALTER TABLE "distributors" ADD COLUMN "offers_lapsed" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "pickups_missed" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "pickups_collected" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The record as the timeline already tells it, by lifecycle/record.ts's rules: offers let lapse
-- (not those the pick-up time cut short), packages received, and pick-ups missed: expired in the
-- hands of someone who accepted it or was paired an hour or more before its time, or given back
-- by them with under half an hour left. One pass over each table, not one per distributor.
UPDATE distributors d SET
  offers_lapsed = c.lapsed, pickups_collected = c.collected, pickups_missed = c.missed
FROM (
  SELECT who, sum(lapsed)::int AS lapsed, sum(collected)::int AS collected,
         sum(missed)::int AS missed
    FROM (SELECT e.distributor_id AS who,
                 count(*) FILTER (WHERE e.kind = 'lapsed' AND e.at < p.ready_until) AS lapsed,
                 count(*) FILTER (WHERE e.kind = 'received') AS collected,
                 count(*) FILTER (
                   WHERE e.kind = 'released'
                     AND e.at >= p.ready_until - interval '30 minutes'
                     AND EXISTS (SELECT 1 FROM package_events h
                                  WHERE h.package_id = e.package_id
                                    AND h.distributor_id = e.distributor_id
                                    AND (h.kind = 'accepted'
                                         OR (h.kind = 'paired'
                                             AND h.at <= p.ready_until - interval '1 hour')))
                 ) AS missed
            FROM package_events e JOIN packages p ON p.id = e.package_id
           WHERE e.distributor_id IS NOT NULL AND e.kind IN ('lapsed', 'received', 'released')
           GROUP BY e.distributor_id
          UNION ALL
          SELECT p.distributor_id, 0, 0, count(*)
            FROM packages p
           WHERE p.state = 'Expired' AND p.distributor_id IS NOT NULL AND p.paired_at IS NOT NULL
             AND (p.paired_at <= p.ready_until - interval '1 hour'
                  OR EXISTS (SELECT 1 FROM package_events h
                              WHERE h.package_id = p.id AND h.distributor_id = p.distributor_id
                                AND h.kind = 'accepted'))
           GROUP BY p.distributor_id) t
   GROUP BY who
) c
WHERE c.who = d.user_id;
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
