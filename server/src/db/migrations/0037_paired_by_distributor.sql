-- Matching counts the packages a distributor holds now (paired, not yet received) when it decides
-- whether a package goes to them automatically or as an offer (decision 035).
CREATE INDEX "packages_paired_distributor" ON "packages" USING btree ("distributor_id") WHERE "packages"."state" = 'Paired';
