ALTER TABLE "users" ADD COLUMN "calendar_token_hash" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_calendar_token_hash" ON "users" USING btree ("calendar_token_hash") WHERE "users"."calendar_token_hash" is not null;
