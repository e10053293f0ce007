ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";
--> statement-breakpoint
ALTER TABLE "package_events" DROP CONSTRAINT "package_events_kind";
--> statement-breakpoint
DROP INDEX "package_events_turned_down";
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "on_way_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "check_in_by" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "packages_check_in_deadline" ON "packages" USING btree ("check_in_by") WHERE "packages"."state" = 'Paired' and "packages"."on_way_at" is null and "packages"."check_in_by" is not null;
--> statement-breakpoint
CREATE INDEX "package_events_turned_down" ON "package_events" USING btree ("package_id","distributor_id") WHERE "package_events"."kind" in ('declined', 'lapsed', 'released', 'reclaimed', 'takenBack');
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" = any ('{"pairedDonor","pairedDistributor","notPaired","received","distributed","offered","offerLapsed","released","cancelled","expiredDonor","expiredDistributor","stillWaiting","cancelledByCoordinator","takenOver","splitDonor","atRisk","onWay","reclaimed","reclaimedDonor"}'::text[]));
--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_kind" CHECK ("package_events"."kind" = any ('{"created","offered","accepted","declined","lapsed","paired","released","widened","received","distributed","cancelled","expired","cancelledByCoordinator","takenBack","onWay","reclaimed"}'::text[]));
