CREATE INDEX "places_pin_prefix" ON "places" USING btree ("pin" text_pattern_ops);
