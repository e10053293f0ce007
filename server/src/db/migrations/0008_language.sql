ALTER TABLE "users" ADD COLUMN "locale" text;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text;
--> statement-breakpoint
-- Notifications were stored as English sentences; each becomes its kind (issue #16), which every
-- reader's client says in their own language.
UPDATE "notifications" SET "kind" = CASE
  WHEN "state" = 'Paired' AND "user_type" = 'Donor' THEN 'pairedDonor'
  WHEN "state" = 'Paired' THEN 'pairedDistributor'
  WHEN "state" = 'Not Paired' THEN 'notPaired'
  WHEN "state" = 'Received' THEN 'received'
  ELSE 'distributed'
END;
--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "kind" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "message";
