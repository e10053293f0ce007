import { type SQL, sql } from 'drizzle-orm';
import type { PlaceRecord } from './rows';

/** The columns of a PlaceRecord, for the place lookups' select lists. */
export const placeColumns = sql`id, name, kind, district, state, pin, lat, lng`;

/**
 * The `limit` localities nearest a point, nearest first, from the GiST index. Where several share
 * one point (the postal list put a district's villages on its main town's), the one named as the
 * district comes first: the point is the town's, not a village's 50 km away.
 */
function nearestLocalitiesSql(lat: number, lng: number, limit: number): SQL {
  return sql`
    select ${placeColumns} from places
    where kind = 'locality'
    order by earth <-> ll_to_earth(${lat}, ${lng}), name = district desc, id
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
