ALTER TABLE "package_events" DROP CONSTRAINT "package_events_kind";
--> statement-breakpoint
ALTER TABLE "package_reports" DROP CONSTRAINT "package_reports_package_id_packages_id_fk";
--> statement-breakpoint
ALTER TABLE "package_reports" ADD CONSTRAINT "package_reports_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_kind" CHECK ("package_events"."kind" in ('created', 'offered', 'accepted', 'declined', 'lapsed', 'paired', 'released', 'widened', 'received', 'distributed', 'cancelled', 'expired', 'cancelledByCoordinator', 'takenBack'));
--> statement-breakpoint
-- Hand-written (issue #19 review): a coordinator's cancel and a suspension's take-back were
-- written as the donor's 'cancelled' and the distributor's 'released', with the coordinator's
-- reason, which both sides could read on the timeline. They become their own kinds, without it
-- (the reason stays in audit_log).
UPDATE package_events e SET kind = 'cancelledByCoordinator', reason = NULL
WHERE e.kind = 'cancelled' AND (
  e.reason LIKE 'Suspended: %'
  OR EXISTS (SELECT 1 FROM audit_log a
             WHERE a.action = 'package.cancel' AND a.target_id = e.package_id::text)
);
--> statement-breakpoint
UPDATE package_events SET kind = 'takenBack', reason = NULL
WHERE kind = 'released' AND reason LIKE 'Suspended: %';
