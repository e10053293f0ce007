ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('pairedDonor', 'pairedDistributor', 'notPaired', 'received', 'distributed', 'offered', 'offerLapsed', 'released', 'cancelled', 'expiredDonor', 'expiredDistributor', 'stillWaiting', 'cancelledByCoordinator', 'takenOver', 'splitDonor'));
