CREATE TABLE "auth_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"return_to" text DEFAULT '/' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivery_state" text DEFAULT 'stored' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "distributors" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"distance_range" double precision NOT NULL,
	"max_capacity" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"total_packages_distributed" integer DEFAULT 0 NOT NULL,
	"open_load" integer DEFAULT 0 NOT NULL,
	"last_assigned_at" timestamp with time zone,
	CONSTRAINT "distributors_distance_range" CHECK ("distributors"."distance_range" >= 0),
	CONSTRAINT "distributors_max_capacity" CHECK ("distributors"."max_capacity" > 0),
	CONSTRAINT "distributors_open_load" CHECK ("distributors"."open_load" >= 0 and "distributors"."open_load" <= "distributors"."max_capacity")
);
--> statement-breakpoint
CREATE TABLE "donors" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"donor_type" text DEFAULT 'Individual' NOT NULL,
	"distance_range" double precision NOT NULL,
	"lifetime_donation" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "donors_distance_range" CHECK ("donors"."distance_range" >= 0),
	CONSTRAINT "donors_lifetime_donation" CHECK ("donors"."lifetime_donation" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"package_id" uuid,
	"photo" text,
	"state" text NOT NULL,
	"user_type" text NOT NULL,
	"message" text NOT NULL,
	"is_seen" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donor_id" uuid,
	"donor_name" text NOT NULL,
	"donor_phone" text NOT NULL,
	"state" text DEFAULT 'Not Paired' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"quantity" integer NOT NULL,
	"travel_capacity" double precision NOT NULL,
	"idempotency_key" text,
	"distributor_id" uuid,
	"distributor_name" text,
	"distributor_phone" text,
	"distributor_address" text,
	"distributor_lat" double precision,
	"distributor_lng" double precision,
	"meet_address" text,
	"meet_lat" double precision,
	"meet_lng" double precision,
	"distributor_path" text,
	"donor_path" text,
	"paired_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"distributed_at" timestamp with time zone,
	CONSTRAINT "packages_quantity" CHECK ("packages"."quantity" > 0),
	CONSTRAINT "packages_travel_capacity" CHECK ("packages"."travel_capacity" >= 0),
	CONSTRAINT "packages_pairing" CHECK (case "packages"."state" when 'Not Paired' then "packages"."distributor_id" is null and "packages"."distributor_name" is null when 'Distributed' then "packages"."distributor_name" is not null else "packages"."distributor_id" is not null end)
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"search_key" text NOT NULL,
	"kind" text DEFAULT 'locality' NOT NULL,
	"district" text,
	"state" text,
	"pin" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"picture" text,
	"user_type" text,
	"phone" text,
	"address" text,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_lat_range" CHECK ("users"."lat" between -90 and 90),
	CONSTRAINT "users_lng_range" CHECK ("users"."lng" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "distributors" ADD CONSTRAINT "distributors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "donors" ADD CONSTRAINT "donors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_distributor_id_users_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "auth_requests_expires_at" ON "auth_requests" USING btree ("expires_at");
--> statement-breakpoint
CREATE INDEX "contact_messages_pending" ON "contact_messages" USING btree ("next_attempt_at") WHERE "contact_messages"."delivery_state" <> 'sent';
--> statement-breakpoint
CREATE INDEX "notifications_user_id" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "notifications_user_unseen" ON "notifications" USING btree ("user_id") WHERE not "notifications"."is_seen";
--> statement-breakpoint
CREATE UNIQUE INDEX "packages_donor_idempotency_key" ON "packages" USING btree ("donor_id","idempotency_key") WHERE "packages"."idempotency_key" is not null;
--> statement-breakpoint
CREATE INDEX "packages_donor_created" ON "packages" USING btree ("donor_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "packages_distributor_created" ON "packages" USING btree ("distributor_id","created_at" DESC NULLS LAST) WHERE "packages"."distributor_id" is not null;
--> statement-breakpoint
CREATE INDEX "packages_unpaired_created" ON "packages" USING btree ("created_at") WHERE "packages"."state" = 'Not Paired';
--> statement-breakpoint
CREATE INDEX "places_name_trgm" ON "places" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "places_search_key_trgm" ON "places" USING gin ("search_key" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "places_location_gist" ON "places" USING gist (ll_to_earth("lat", "lng"));
--> statement-breakpoint
CREATE INDEX "sessions_expires_at" ON "sessions" USING btree ("expires_at");
--> statement-breakpoint
CREATE INDEX "sessions_user_id" ON "sessions" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));
--> statement-breakpoint
CREATE INDEX "users_distributor_location_gist" ON "users" USING gist (ll_to_earth("lat", "lng")) WHERE "users"."user_type" = 'distributor' and "users"."lat" is not null;
