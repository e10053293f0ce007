ALTER TABLE "notifications" ADD COLUMN "package_quantity" integer;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "package_address" text;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "package_donated_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "counterpart_name" text;
--> statement-breakpoint
-- Notifications written before these columns: fill them from their packages.
UPDATE "notifications" n SET
  "package_quantity" = p."quantity",
  "package_address" = p."address",
  "package_donated_at" = p."created_at",
  "counterpart_name" = CASE WHEN n."user_type" = 'Donor' THEN p."distributor_name" ELSE p."donor_name" END
FROM "packages" p
WHERE p."id" = n."package_id";
