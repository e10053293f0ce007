ALTER TABLE "messaging_channels" ADD COLUMN "proven_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "messaging_channels" SET "proven_at" = "verified_at" WHERE "verified_at" IS NOT NULL;
