import { type SQL, sql } from 'drizzle-orm';
import type { PlaceRecord } from './rows';

/** The columns of a PlaceRecord, for the place lookups' select lists. */
export const placeColumns = sql`id, name, kind, district, state, pin, lat, lng`;

/** The `limit` localities nearest a point, nearest first, from the GiST index. */
function nearestLocalitiesSql(lat: number, lng: number, limit: number): SQL {
  return sql`
    select ${placeColumns} from places
    where kind = 'locality'
    order by ll_to_earth(lat, lng) <-> ll_to_earth(${lat}, ${lng})
    limit ${limit}`;
}

/** "Name, District, State PIN", leaving out what is missing or repeated. */
export function placeAddress(row: PlaceRecord): string {
  const parts = [row.name];
  if (row.district && row.district !== row.name) parts.push(row.district);
  const statePin = [row.state, row.pin].filter(Boolean).join(' ');
  if (statePin) parts.push(statePin);
  return parts.join(', ');
}

/** The nearest locality's PlaceRecord (one row at most), as SQL to fold into a larger statement. */
export function nearestPlaceSql(lat: number, lng: number): SQL {
  return nearestLocalitiesSql(lat, lng, 1);
}

/** How many of the localities nearest a meet point are tried for one within both ranges. */
const MEET_LOCALITY_CANDIDATES = 16;

/**
 * The locality nearest (lat, lng) that lies within each given circle, if one of the few nearest
 * does: where a meet point is moved so that it is a public place, not a point on the line to
 * someone's home. One row at most, as SQL to fold into a larger statement.
 */
export function nearestPlaceWithinSql(
  lat: number,
  lng: number,
  within: { at: readonly [number, number]; km: number }[],
): SQL {
  const conditions = within.map(
    ({ at, km }) =>
      sql`earth_distance(ll_to_earth(near.lat, near.lng), ll_to_earth(${at[0]}, ${at[1]})) <= ${km * 1000}`,
  );
  return sql`
    select ${placeColumns}
    from (${nearestLocalitiesSql(lat, lng, MEET_LOCALITY_CANDIDATES)}) near
    where ${sql.join(conditions, sql` and `)}
    order by earth_distance(ll_to_earth(near.lat, near.lng), ll_to_earth(${lat}, ${lng}))
    limit 1`;
}
