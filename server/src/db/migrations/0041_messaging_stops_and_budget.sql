CREATE TABLE "messaging_direct_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_number_stops" (
	"channel" text NOT NULL,
	"phone" text NOT NULL,
	"stopped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_number_stops_channel_phone_pk" PRIMARY KEY("channel","phone")
);
--> statement-breakpoint
CREATE INDEX "messaging_direct_sends_at" ON "messaging_direct_sends" USING btree ("channel","sent_at");
