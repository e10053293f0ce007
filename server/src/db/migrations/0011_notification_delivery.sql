CREATE TABLE "notification_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notification_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"subscription_id" uuid,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "notification_deliveries_channel" CHECK ("notification_deliveries"."channel" in ('push', 'email')),
	CONSTRAINT "notification_deliveries_state" CHECK ("notification_deliveries"."state" in ('pending', 'sent', 'failed', 'dropped')),
	CONSTRAINT "notification_deliveries_push_device" CHECK (("notification_deliveries"."channel" = 'push') = ("notification_deliveries"."subscription_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "push_offers" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "push_updates" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_offers" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_updates" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "notification_deliveries_due" ON "notification_deliveries" USING btree ("next_attempt_at") WHERE "notification_deliveries"."state" = 'pending';
--> statement-breakpoint
CREATE INDEX "notification_deliveries_done" ON "notification_deliveries" USING btree ("done_at") WHERE "notification_deliveries"."state" <> 'pending';
--> statement-breakpoint
CREATE INDEX "notification_deliveries_notification_id" ON "notification_deliveries" USING btree ("notification_id");
--> statement-breakpoint
CREATE INDEX "notification_deliveries_subscription_id" ON "notification_deliveries" USING btree ("subscription_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint" ON "push_subscriptions" USING btree ("endpoint");
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_id" ON "push_subscriptions" USING btree ("user_id");
--> statement-breakpoint
-- Hand-written (issue #18): every notification, whichever code path writes it, queues its push
-- and e-mail deliveries in the same transaction, as its person has chosen: offers ('offered')
-- and updates (every other kind) each by push to every device and by e-mail.
CREATE FUNCTION queue_notification_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_deliveries (notification_id, channel, subscription_id)
  SELECT n.id, 'push', s.id
  FROM new_notifications n
  JOIN users u ON u.id = n.user_id
  JOIN push_subscriptions s ON s.user_id = n.user_id
  WHERE CASE WHEN n.kind = 'offered' THEN u.push_offers ELSE u.push_updates END
  UNION ALL
  SELECT n.id, 'email', NULL
  FROM new_notifications n
  JOIN users u ON u.id = n.user_id
  WHERE CASE WHEN n.kind = 'offered' THEN u.email_offers ELSE u.email_updates END;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_queue_deliveries
  AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_notifications
  FOR EACH STATEMENT EXECUTE FUNCTION queue_notification_deliveries();
