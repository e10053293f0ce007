-- almquest_walk gained a bound (within_km, db/functions/almquest_walk.sql): the old signature goes,
-- or it would stay beside the new one as an overload nobody calls.
DROP FUNCTION IF EXISTS almquest_walk(uuid, float8, float8, float8, text, uuid, int, uuid[], int);
