-- Moves the deltas into the totals, one process at a time (the advisory lock), in one statement:
-- a delta is either still in impact_deltas or already in impact_totals, never both or neither.
create or replace function fold_impact_deltas() RETURNS integer LANGUAGE plpgsql AS $$
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
