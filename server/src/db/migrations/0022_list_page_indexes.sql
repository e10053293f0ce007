DROP INDEX "packages_donor_created";
--> statement-breakpoint
DROP INDEX "packages_distributor_created";
--> statement-breakpoint
CREATE INDEX "packages_donor_created_id" ON "packages" USING btree ("donor_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "packages_distributor_created_id" ON "packages" USING btree ("distributor_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "packages"."distributor_id" is not null;
