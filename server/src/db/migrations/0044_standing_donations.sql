CREATE TABLE "standing_donation_days" (
	"standing_id" uuid NOT NULL,
	"on_date" date NOT NULL,
	"is_skipped" boolean DEFAULT false NOT NULL,
	"quantity" integer,
	"listed_at" timestamp with time zone,
	CONSTRAINT "standing_donation_days_standing_id_on_date_pk" PRIMARY KEY("standing_id","on_date"),
	CONSTRAINT "standing_donation_days_quantity" CHECK ("standing_donation_days"."quantity" is null or "standing_donation_days"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "standing_donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donor_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"ready_at" text NOT NULL,
	"time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL,
	"window_minutes" integer NOT NULL,
	"quantity" integer NOT NULL,
	"travel_capacity" double precision NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"diet" text NOT NULL,
	"food_kind" text NOT NULL,
	"allow_split" boolean DEFAULT false NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"paused_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_donations_quantity" CHECK ("standing_donations"."quantity" > 0),
	CONSTRAINT "standing_donations_window" CHECK ("standing_donations"."window_minutes" > 0),
	CONSTRAINT "standing_donations_ready_at" CHECK ("standing_donations"."ready_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "standing_pickups" (
	"standing_id" uuid PRIMARY KEY NOT NULL,
	"distributor_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "standing_id" uuid;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "standing_date" date;
--> statement-breakpoint
ALTER TABLE "standing_donation_days" ADD CONSTRAINT "standing_donation_days_standing_id_standing_donations_id_fk" FOREIGN KEY ("standing_id") REFERENCES "public"."standing_donations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "standing_donations" ADD CONSTRAINT "standing_donations_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "standing_pickups" ADD CONSTRAINT "standing_pickups_standing_id_standing_donations_id_fk" FOREIGN KEY ("standing_id") REFERENCES "public"."standing_donations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "standing_pickups" ADD CONSTRAINT "standing_pickups_distributor_id_users_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "standing_donations_donor" ON "standing_donations" USING btree ("donor_id");
--> statement-breakpoint
CREATE INDEX "standing_donations_going" ON "standing_donations" USING btree ("id") WHERE "standing_donations"."ended_at" is null and "standing_donations"."paused_at" is null;
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_standing_id_standing_donations_id_fk" FOREIGN KEY ("standing_id") REFERENCES "public"."standing_donations"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "packages_standing_day" ON "packages" USING btree ("standing_id","standing_date") WHERE "packages"."standing_date" is not null;
