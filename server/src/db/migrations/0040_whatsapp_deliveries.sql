ALTER TABLE "notification_deliveries" DROP CONSTRAINT "notification_deliveries_channel";
--> statement-breakpoint
ALTER TABLE "messaging_channels" ADD COLUMN "updates" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "last_attempt_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "provider_message_id" text;
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "provider_status" text;
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "provider_status_at" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_provider_message_id" ON "notification_deliveries" USING btree ("provider_message_id") WHERE "notification_deliveries"."provider_message_id" is not null;
--> statement-breakpoint
CREATE INDEX "notification_deliveries_phone_attempts" ON "notification_deliveries" USING btree ("channel","last_attempt_at") WHERE "notification_deliveries"."channel" in ('whatsapp', 'sms');
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_provider_status" CHECK ("notification_deliveries"."provider_status" is null or "notification_deliveries"."provider_status" = any ('{"sent","delivered","read","failed"}'::text[]));
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_channel" CHECK ("notification_deliveries"."channel" = any ('{"push","email","whatsapp","sms"}'::text[]));
