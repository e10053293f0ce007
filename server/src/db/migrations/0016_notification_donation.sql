ALTER TABLE "notifications" ADD COLUMN "donation_id" uuid;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "donation_quantity" integer;
