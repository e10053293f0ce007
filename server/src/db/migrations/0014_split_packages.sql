CREATE TABLE "donation_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donor_id" uuid,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_groups_quantity" CHECK ("donation_groups"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "group_id" uuid;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "allow_split" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "donation_groups" ADD CONSTRAINT "donation_groups_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "donation_groups_donor" ON "donation_groups" USING btree ("donor_id");
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_group_id_donation_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."donation_groups"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "packages_group" ON "packages" USING btree ("group_id") WHERE "packages"."group_id" is not null;
