import { type SQL, sql } from 'drizzle-orm';
import { EARTH_RADIUS_KM } from './geometry';

/**
 * SQL measures on a slightly larger sphere (earthdistance's 6378168 m) than the ranking
 * (6371 km): it lets a hair more through, and the ranking in TypeScript decides.
 */
const SQL_SLACK = sql.raw('1.003');

/**
 * The one reach predicate of matching and re-matching: `other` lies within `reachKm` of
 * `center`, first cut down by a bounding box of `boxKm` around `center` that the GiST index on
 * ll_to_earth(lat, lng) answers. All three are SQL (points as ll_to_earth expressions).
 */
export function withinReachSql({
  center,
  other,
  boxKm,
  reachKm,
}: {
  center: SQL;
  other: SQL;
  boxKm: SQL;
  reachKm: SQL;
}): SQL {
  return sql`earth_box(${center}, (${boxKm})::float8 * 1000 * ${SQL_SLACK}) @> ${other}
    and earth_distance(${center}, ${other}) <= (${reachKm})::float8 * 1000 * ${SQL_SLACK}`;
}

/**
 * Kilometres between two ll_to_earth points as the ranking measures them (geometry.ts, on its
 * sphere of EARTH_RADIUS_KM): earthdistance's arc scaled to that radius. What a donor is told
 * (explain.ts) must agree with what matching decided, to the metre, not within the slack above.
 */
export function rankingKmSql(a: SQL, b: SQL): SQL {
  return sql`(earth_distance(${a}, ${b}) / earth() * ${sql.raw(String(EARTH_RADIUS_KM))})`;
}
