CREATE INDEX "distributors_distance_range" ON "distributors" USING btree ("distance_range");
