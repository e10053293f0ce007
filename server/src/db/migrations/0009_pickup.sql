CREATE TABLE "package_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"package_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"distributor_id" uuid,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "packages" DROP CONSTRAINT "packages_pairing";
--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "auto_accept" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "veg_only" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "ready_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "diet" text DEFAULT 'veg' NOT NULL;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "offer_expires_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "warn_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "warned_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "handover_code" text;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "handover_failures" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "handover_locked_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "served_count" integer;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "cancelled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "expired_at" timestamp with time zone;
--> statement-breakpoint
-- Packages from before pickup windows (issue #17): those still under way get the longest window
-- from now, so an upgrade expires nothing, and are not warned; a Paired one gets its handover code.
UPDATE "packages" SET
  "ready_until" = CASE WHEN "state" IN ('Not Paired', 'Paired') THEN now() + interval '48 hours' ELSE "created_at" + interval '3 hours' END,
  "warned_at" = now(),
  -- Four digits from gen_random_uuid() (a strong random source; random() is not one).
  "handover_code" = CASE WHEN "state" = 'Paired' THEN lpad(((('x' || substr(md5(gen_random_uuid()::text), 1, 8))::bit(32)::bigint) % 10000)::text, 4, '0') END;
--> statement-breakpoint
UPDATE "packages" SET "warn_at" = "created_at" + ("ready_until" - "created_at") / 2;
--> statement-breakpoint
ALTER TABLE "packages" ALTER COLUMN "ready_until" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "packages" ALTER COLUMN "warn_at" SET NOT NULL;
--> statement-breakpoint
-- Their timelines, from what the package rows remember.
-- (In time order, and in the order things happen where two share a time.)
INSERT INTO "package_events" ("package_id", "kind", "distributor_id", "at")
SELECT "package_id", "kind", "distributor_id", "at" FROM (
  SELECT "id" AS "package_id", 'created' AS "kind", NULL::uuid AS "distributor_id", "created_at" AS "at", 0 AS "step" FROM "packages"
  UNION ALL SELECT "id", 'paired', "distributor_id", "paired_at", 1 FROM "packages" WHERE "paired_at" IS NOT NULL
  UNION ALL SELECT "id", 'received', "distributor_id", "received_at", 2 FROM "packages" WHERE "received_at" IS NOT NULL
  UNION ALL SELECT "id", 'distributed', "distributor_id", "distributed_at", 3 FROM "packages" WHERE "distributed_at" IS NOT NULL
) "old_steps"
ORDER BY "at", "step";
--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_distributor_id_users_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "package_events_package" ON "package_events" USING btree ("package_id","id");
--> statement-breakpoint
CREATE INDEX "packages_offer_deadline" ON "packages" USING btree ("offer_expires_at") WHERE "packages"."state" = 'Offered';
--> statement-breakpoint
CREATE INDEX "packages_pickup_deadline" ON "packages" USING btree ("ready_until") WHERE "packages"."state" in ('Not Paired', 'Offered', 'Paired');
--> statement-breakpoint
CREATE INDEX "packages_warn_deadline" ON "packages" USING btree ("warn_at") WHERE "packages"."state" in ('Not Paired', 'Offered') and "packages"."warned_at" is null;
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_offer" CHECK (("packages"."state" = 'Offered') = ("packages"."offer_expires_at" is not null));
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_served_count" CHECK ("packages"."served_count" is null or "packages"."served_count" > 0);
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_pairing" CHECK (case "packages"."state" when 'Not Paired' then "packages"."distributor_id" is null and "packages"."distributor_name" is null when 'Distributed' then "packages"."distributor_name" is not null when 'Cancelled' then true when 'Expired' then true else "packages"."distributor_id" is not null end);
