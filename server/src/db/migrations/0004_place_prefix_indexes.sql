CREATE INDEX "places_name_prefix" ON "places" USING btree (lower("name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "places_search_key_prefix" ON "places" USING btree ("search_key" text_pattern_ops);
