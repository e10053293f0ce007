ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('pairedDonor', 'pairedDistributor', 'notPaired', 'received', 'distributed', 'offered', 'offerLapsed', 'released', 'cancelled', 'expiredDonor', 'expiredDistributor', 'stillWaiting'));
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_state" CHECK ("notifications"."state" in ('Not Paired', 'Offered', 'Paired', 'Received', 'Distributed', 'Cancelled', 'Expired'));
--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_kind" CHECK ("package_events"."kind" in ('created', 'offered', 'accepted', 'declined', 'lapsed', 'paired', 'released', 'widened', 'received', 'distributed', 'cancelled', 'expired'));
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_state" CHECK ("packages"."state" in ('Not Paired', 'Offered', 'Paired', 'Received', 'Distributed', 'Cancelled', 'Expired'));
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_diet" CHECK ("packages"."diet" in ('veg', 'nonveg', 'egg'));
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale" CHECK ("users"."locale" is null or "users"."locale" in ('en', 'hi', 'bn'));
