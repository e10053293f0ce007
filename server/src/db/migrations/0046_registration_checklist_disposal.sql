CREATE TABLE "standing_pickup_stops" (
	"standing_id" uuid NOT NULL,
	"distributor_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_pickup_stops_standing_id_distributor_id_pk" PRIMARY KEY("standing_id","distributor_id")
);
--> statement-breakpoint
ALTER TABLE "package_reports" DROP CONSTRAINT "package_reports_reason";
--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "registration_number" text;
--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "registration_verified_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "fssai_number" text;
--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "fssai_verified_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "donor_licensed" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "handover_check" jsonb;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "disposed_quantity" integer;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "disposed_reason" text;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "disposed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "standing_pickup_stops" ADD CONSTRAINT "standing_pickup_stops_standing_id_standing_donations_id_fk" FOREIGN KEY ("standing_id") REFERENCES "public"."standing_donations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "standing_pickup_stops" ADD CONSTRAINT "standing_pickup_stops_distributor_id_users_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "packages_licensed_distributed" ON "packages" USING btree ("quantity") WHERE "packages"."state" = 'Distributed' and "packages"."donor_licensed";
--> statement-breakpoint
CREATE INDEX "packages_disposed_by_donor" ON "packages" USING btree ("donor_id","disposed_at") WHERE "packages"."disposed_quantity" is not null;
--> statement-breakpoint
ALTER TABLE "package_reports" ADD CONSTRAINT "package_reports_reason" CHECK ("package_reports"."reason" = any ('{"not_food","unsafe","no_show","disposed"}'::text[]));
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_disposed" CHECK ("packages"."disposed_quantity" is null or ("packages"."disposed_quantity" > 0 and "packages"."disposed_quantity" <= "packages"."quantity"));
