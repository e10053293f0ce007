import type { Place } from '@almquest/contracts/places';
import { sql } from 'drizzle-orm';
import { type AppDb, type Executor, queryRows } from '../../db/client';
import { toSearchKey } from './search-key';

type PlaceRecord = {
  id: number;
  name: string;
  kind: 'locality' | 'district';
  district: string | null;
  state: string | null;
  pin: string | null;
  lat: number;
  lng: number;
};

const WORD_SIMILARITY_THRESHOLD = 0.45;

const columns = sql`id, name, kind, district, state, pin, lat, lng`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** "Name, District, State PIN", leaving out what is missing or repeated. */
export function presentPlace(row: PlaceRecord): Place {
  const parts = [row.name];
  if (row.district && row.district !== row.name) parts.push(row.district);
  const statePin = [row.state, row.pin].filter(Boolean).join(' ');
  if (statePin) parts.push(statePin);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    district: row.district,
    state: row.state,
    pin: row.pin,
    address: parts.join(', '),
    coordinates: [row.lat, row.lng],
  };
}

/**
 * Places whose name matches what was typed: exact names first, then names starting with it, then
 * names that sound alike (folded key) or are misspelt (trigram word similarity). Districts rank
 * above localities of the same standing, so "Mumbai" finds the city before a post office.
 */
export async function searchPlaces(db: AppDb, query: string, limit: number): Promise<Place[]> {
  const q = query.trim().toLowerCase();
  const key = toSearchKey(query);
  if (!key) return [];
  const qLike = `${escapeLike(q)}%`;
  const keyLike = `${escapeLike(key)}%`;
  const rows = await db.transaction(async (tx) => {
    // pg_trgm's default word-similarity bar (0.6) misses one-letter slips like "Ahmdabad".
    await tx.execute(
      sql`set local pg_trgm.word_similarity_threshold = ${sql.raw(String(WORD_SIMILARITY_THRESHOLD))}`,
    );
    return queryRows<PlaceRecord>(
      tx,
      sql`
      select ${columns}
      from places
      where lower(name) like ${qLike} or search_key like ${keyLike} or ${key} <% search_key
      order by
        case
          when lower(name) = ${q} then 0
          when search_key = ${key} then 1
          when lower(name) like ${qLike} then 2
          when search_key like ${keyLike} then 3
          else 4
        end,
        (kind = 'district') desc,
        word_similarity(${key}, search_key) desc,
        length(name),
        name,
        id
      limit ${limit}`,
    );
  });
  return rows.map(presentPlace);
}

/** The nearest known locality to a point (nearest-first from the GiST index). */
export async function findNearestPlace(
  db: Executor,
  lat: number,
  lng: number,
): Promise<Place | null> {
  const [row] = await queryRows<PlaceRecord>(
    db,
    sql`
      select ${columns}
      from places
      where kind = 'locality'
      order by ll_to_earth(lat, lng) <-> ll_to_earth(${lat}, ${lng})
      limit 1`,
  );
  return row ? presentPlace(row) : null;
}
