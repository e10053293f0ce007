ALTER TABLE "notifications" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_public_id" ON "notifications" USING btree ("public_id");
