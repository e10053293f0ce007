CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text,
	"summary" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impact_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"week" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"packages" integer NOT NULL,
	"meals" integer NOT NULL,
	"served" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impact_totals" (
	"week" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"packages" bigint DEFAULT 0 NOT NULL,
	"meals" bigint DEFAULT 0 NOT NULL,
	"served" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"reporter_id" uuid,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "package_reports_reason" CHECK ("package_reports"."reason" in ('not_food', 'unsafe', 'no_show'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "read_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "city" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;
--> statement-breakpoint
ALTER TABLE "package_reports" ADD CONSTRAINT "package_reports_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "package_reports" ADD CONSTRAINT "package_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "audit_log_target" ON "audit_log" USING btree ("target_kind","target_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "impact_totals_key" ON "impact_totals" USING btree ("week","state","city");
--> statement-breakpoint
CREATE UNIQUE INDEX "package_reports_once" ON "package_reports" USING btree ("package_id","reporter_id","reason");
--> statement-breakpoint
CREATE INDEX "package_reports_created" ON "package_reports" USING btree ("created_at" DESC NULLS LAST,"id");
--> statement-breakpoint
CREATE INDEX "contact_messages_created" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST,"id");
--> statement-breakpoint
CREATE INDEX "packages_created" ON "packages" USING btree ("created_at","id");
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('pairedDonor', 'pairedDistributor', 'notPaired', 'received', 'distributed', 'offered', 'offerLapsed', 'released', 'cancelled', 'expiredDonor', 'expiredDistributor', 'stillWaiting', 'cancelledByCoordinator', 'takenOver'));
--> statement-breakpoint
-- Hand-written (issue #19): the audit log is append-only. Nothing the app runs may change or
-- remove an entry; a mistaken action is undone by a new action, which is logged too.
CREATE FUNCTION refuse_audit_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
FOR EACH ROW EXECUTE FUNCTION refuse_audit_log_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_log_change();
--> statement-breakpoint
-- A package's city: the district of the nearest known place within 50 km of its pickup point,
-- found from the places' GiST index as the package is written.
CREATE FUNCTION package_city(p_lat double precision, p_lng double precision) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(pl.district, ''), pl.name)
  FROM places pl
  WHERE earth_box(ll_to_earth(p_lat, p_lng), 50000) @> ll_to_earth(pl.lat, pl.lng)
    AND earth_distance(ll_to_earth(p_lat, p_lng), ll_to_earth(pl.lat, pl.lng)) <= 50000
  ORDER BY ll_to_earth(pl.lat, pl.lng) <-> ll_to_earth(p_lat, p_lng)
  LIMIT 1
$$;
--> statement-breakpoint
CREATE FUNCTION set_package_city() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.city := package_city(NEW.lat, NEW.lng);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER packages_city BEFORE INSERT ON packages
FOR EACH ROW EXECUTE FUNCTION set_package_city();
--> statement-breakpoint
UPDATE packages SET city = package_city(lat, lng);
--> statement-breakpoint
-- The Monday (India time) of the week a moment falls in: the impact figures' week.
CREATE FUNCTION impact_week(t timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('week', t AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata'
$$;
--> statement-breakpoint
-- Every change to what a package counts for appends its difference: the old row's figures taken
-- away, the new row's added. Rows are only ever inserted here, so donations never wait on a
-- shared counter; fold_impact_deltas() moves them into impact_totals.
CREATE FUNCTION record_impact_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO impact_deltas (week, state, city, packages, meals, served)
    VALUES (impact_week(OLD.created_at), OLD.state, coalesce(OLD.city, ''), -1, -OLD.quantity,
            -coalesce(OLD.served_count, 0));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO impact_deltas (week, state, city, packages, meals, served)
    VALUES (impact_week(NEW.created_at), NEW.state, coalesce(NEW.city, ''), 1, NEW.quantity,
            coalesce(NEW.served_count, 0));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER packages_impact_insert_delete AFTER INSERT OR DELETE ON packages
FOR EACH ROW EXECUTE FUNCTION record_impact_delta();
--> statement-breakpoint
CREATE TRIGGER packages_impact_update AFTER UPDATE ON packages
FOR EACH ROW WHEN (
  OLD.state IS DISTINCT FROM NEW.state OR OLD.quantity IS DISTINCT FROM NEW.quantity
  OR OLD.served_count IS DISTINCT FROM NEW.served_count OR OLD.city IS DISTINCT FROM NEW.city
  OR OLD.created_at IS DISTINCT FROM NEW.created_at
) EXECUTE FUNCTION record_impact_delta();
--> statement-breakpoint
-- Moves the deltas into the totals, one process at a time (the advisory lock), in one statement:
-- a delta is either still in impact_deltas or already in impact_totals, never both or neither.
CREATE FUNCTION fold_impact_deltas() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE moved integer;
BEGIN
  PERFORM pg_advisory_xact_lock(7431019);
  WITH gone AS (DELETE FROM impact_deltas RETURNING *),
  summed AS (
    SELECT week, state, city, sum(packages) AS packages, sum(meals) AS meals,
           sum(served) AS served, count(*) AS n
    FROM gone GROUP BY week, state, city
  ),
  written AS (
    INSERT INTO impact_totals AS t (week, state, city, packages, meals, served)
    SELECT week, state, city, packages, meals, served FROM summed
    ON CONFLICT (week, state, city) DO UPDATE SET
      packages = t.packages + excluded.packages,
      meals = t.meals + excluded.meals,
      served = t.served + excluded.served
    RETURNING 1
  )
  SELECT coalesce((SELECT sum(n) FROM summed), 0) INTO moved FROM (SELECT count(*) FROM written) w;
  RETURN moved;
END;
$$;
--> statement-breakpoint
INSERT INTO impact_totals (week, state, city, packages, meals, served)
SELECT impact_week(created_at), state, coalesce(city, ''), count(*), sum(quantity),
       coalesce(sum(served_count), 0)
FROM packages GROUP BY 1, 2, 3;
--> statement-breakpoint
-- People search (coordinators): by any part of a name, an e-mail or a phone number.
CREATE INDEX users_search_trgm ON users USING gin (
  (lower(name) || ' ' || lower(email) || ' ' || coalesce(phone, '')) gin_trgm_ops
);
