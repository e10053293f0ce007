import { type SQL, sql } from 'drizzle-orm';
import { EARTH_RADIUS_KM } from './geometry';

/**
 * earthdistance's sphere (6378168 m) is slightly larger than the ranking's (6371 km): the
 * index's bounding box is cut a little wider so that it never leaves out a point within reach.
 */
const SQL_SLACK = sql.raw('1.003');

/**
 * The one reach predicate of matching and re-matching: `other` lies within `reachKm` of
 * `center`, first cut down by a bounding box of `boxKm` around `center` that a GiST index on
 * the points answers. All three are SQL (points as ll_to_earth answers them, or the same
 * arithmetic inlined: almquest_earth_point, which the indexes use too). The box
 * is cut with the slack; the distance itself is measured as the ranking measures it, so every
 * row this lets through is one the ranking counts as within reach (eight rows
 * a few metres beyond reach filled matching's first batch, and one farther who could take the
 * package was never looked at).
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
    and ${rankingKmSql(center, other)} <= (${reachKm})::float8`;
}

/**
 * Kilometres between two ll_to_earth points as the ranking measures them (geometry.ts, on its
 * sphere of EARTH_RADIUS_KM): earthdistance's arc scaled to that radius. What a donor is told
 * (explain.ts) must agree with what matching decided, to the metre, not within the slack above.
 */
export function rankingKmSql(a: SQL, b: SQL): SQL {
  return sql`(earth_distance(${a}, ${b}) / earth() * ${sql.raw(String(EARTH_RADIUS_KM))})`;
}
