CREATE TABLE "dev_idp_entries" (
	"key" text PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"uid" text,
	"user_code" text,
	"grant_id" text,
	"payload" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dev_idp_entries_uid" ON "dev_idp_entries" USING btree ("model","uid");
--> statement-breakpoint
CREATE INDEX "dev_idp_entries_grant_id" ON "dev_idp_entries" USING btree ("grant_id");
--> statement-breakpoint
CREATE INDEX "dev_idp_entries_expires_at" ON "dev_idp_entries" USING btree ("expires_at");
