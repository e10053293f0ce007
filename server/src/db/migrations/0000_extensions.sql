-- cube + earthdistance: great-circle distances and the GiST index behind matching.
-- pg_trgm: fuzzy place search.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
