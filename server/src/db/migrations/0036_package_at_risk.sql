-- A package at risk (a third of its window left and nobody has accepted it) is raised to
-- coordinators once: raised_at, a notification of kind 'atRisk' to each, and the console lists
-- it first. Notifications may now be for a coordinator (user_type is checked by the app only).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "raised_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "packages_risk_deadline" ON "packages" USING btree ("ready_until") WHERE "packages"."state" in ('Not Paired', 'Offered') and "packages"."raised_at" is null;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" = any ('{"pairedDonor","pairedDistributor","notPaired","received","distributed","offered","offerLapsed","released","cancelled","expiredDonor","expiredDistributor","stillWaiting","cancelledByCoordinator","takenOver","splitDonor","atRisk"}'::text[]));
