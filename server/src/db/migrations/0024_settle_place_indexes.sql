-- Issue #21: a place list loaded by an earlier release left its rows in the trigram indexes'
-- pending lists, which every misspelt search reads through until a vacuum (PGlite never runs
-- one), and no statistics. gazetteer.ts settlePlaceIndexes does this after a load from now on.
select gin_clean_pending_list('places_name_trgm'::regclass),
       gin_clean_pending_list('places_search_key_trgm'::regclass);
--> statement-breakpoint
analyze places;
