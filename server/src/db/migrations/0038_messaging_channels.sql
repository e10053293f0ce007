CREATE TABLE "messaging_channels" (
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_tries" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"opted_out_at" timestamp with time zone,
	"opted_out_via" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_channels_user_id_channel_pk" PRIMARY KEY("user_id","channel"),
	CONSTRAINT "messaging_channels_channel" CHECK ("messaging_channels"."channel" = any ('{"whatsapp","sms"}'::text[])),
	CONSTRAINT "messaging_channels_phone" CHECK ("messaging_channels"."phone" ~ '^\+91[6-9][0-9]{9}$'),
	CONSTRAINT "messaging_channels_opted_out" CHECK (("messaging_channels"."opted_out_at" is null) = ("messaging_channels"."opted_out_via" is null)),
	CONSTRAINT "messaging_channels_opted_out_via" CHECK ("messaging_channels"."opted_out_via" is null or "messaging_channels"."opted_out_via" = any ('{"phone","profile"}'::text[]))
);
--> statement-breakpoint
CREATE TABLE "messaging_inbound" (
	"provider_message_id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messaging_channels" ADD CONSTRAINT "messaging_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "messaging_channels_phone_index" ON "messaging_channels" USING btree ("channel","phone");
