import type { Place } from '@almquest/contracts/places';
import { asciiDigits } from '@almquest/contracts/text';
import { type SQL, sql } from 'drizzle-orm';
import { type AppDb, type Executor, queryRows } from '../../db/client';
import { nearestPlaceSql, placeAddress, placeColumns as columns } from '../../db/places';
import type { PlaceRecord } from '../../db/rows';
import { knownPlaceNamed, type NativePlace, nativeNamesOf, nativePlaceFor } from './native-names';
import { romanisations } from './romanise';
import { toSearchKey } from './search-key';

const WORD_SIMILARITY_THRESHOLD = 0.45;
/** How many rows each lookup may bring before ranking. */
const CANDIDATES = 40;
/**
 * The fuzzy lookup compares only the first words of what was typed (a misspelt name is in its
 * first words): with many words the trigram index stops paying and PostgreSQL scans every place
 * (30 two-letter words took over a second).
 */
const FUZZY_WORDS = 4;
const FUZZY_CHARS = 40;
/** A place search that takes longer than this is cancelled (answered 503), not left to pile up. */
const SEARCH_TIMEOUT_MS = 2000;

/**
 * How many places the fuzzy lookup may weigh. The index hands over every place sharing enough
 * trigrams with what was typed; for a real misspelling that is a few hundred, but words made of
 * the commonest trigrams ("pur", "nagar") match tens of thousands, and weighing each one held
 * the embedded database's only thread for 300 ms. Past this many, the rest are not weighed.
 */
export const FUZZY_CANDIDATES = 600;
/** How many romanised spellings of a name in Devanagari or Bengali may take the fuzzy lookup. */
const MISSPELT_SPELLINGS = 2;
/** A PIN code is six digits; three or more typed digits look up the PIN areas they start. */
const PIN_PREFIX = /^[1-9]\d{2,5}$/;

/**
 * The part of a search key the fuzzy lookup compares: its distinct words (a repeated word adds
 * no trigram but pushed the distinctive ones past the cut), the first few of them, capped in
 * length.
 */
export function fuzzySearchKey(key: string): string {
  return [...new Set(key.split(' '))].slice(0, FUZZY_WORDS).join(' ').slice(0, FUZZY_CHARS).trim();
}

/**
 * The places the fuzzy lookup weighs for a key: those the trigram index finds similar enough
 * (pg_trgm.word_similarity_threshold), at most FUZZY_CANDIDATES of them.
 */
export function fuzzyCandidates(fuzzyKey: string): SQL {
  return sql`select ${columns}, search_key from places
    where ${fuzzyKey} <% search_key
    limit ${FUZZY_CANDIDATES}`;
}

/**
 * The smallest text after every text starting with prefix. Prefix lookups are written as a range
 * (~>=~ and ~<~ on text_pattern_ops indexes) rather than LIKE, so the index is used even in a
 * generic plan with bound parameters.
 */
function nextPrefix(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A place as the API shows it. */
export function presentPlace(row: PlaceRecord): Place {
  const nativeNames = nativeNamesOf(row.name, row.state);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    district: row.district,
    state: row.state,
    pin: row.pin,
    address: placeAddress(row),
    coordinates: [row.lat, row.lng],
    ...(nativeNames ? { nativeNames } : {}),
  };
}

/**
 * Places whose name matches what was typed: exact names first, then names starting with it, then
 * names that sound alike (folded key, exact then prefix), then misspelt ones (trigram word
 * similarity). Districts rank
 * above localities of the same standing, so "Mumbai" finds the city before a post office.
 */
export async function searchPlaces(db: AppDb, typed: string, limit: number): Promise<Place[]> {
  // A city typed in Devanagari or Bengali script is searched under its Latin name, and the one
  // in its state comes first (many villages share a city's name).
  // A PIN may be typed in Devanagari or Bengali digits.
  const digits = asciiDigits(typed.replace(/\s+/g, ''));
  if (PIN_PREFIX.test(digits)) return searchPins(db, digits, limit);
  const native = nativePlaceFor(typed);
  if (native) return searchByName(db, native.name, native, limit);
  // Any other name in those scripts is searched as it is romanised (सिलिगुड़ी → siliguri), in
  // each likely spelling until one finds places: the forgiving key and the fuzzy lookup then
  // meet the data's own spelling. The slow misspelling lookup is tried for the two likeliest
  // spellings only, after every spelling's quick lookups (one per spelling cost four times the
  // worst Latin query).
  const spellings = romanisations(typed);
  for (const spelling of spellings) {
    const found = await searchByName(db, spelling, knownPlaceNamed(spelling), limit, false);
    if (found.length > 0) return found;
  }
  for (const spelling of spellings.slice(0, MISSPELT_SPELLINGS)) {
    const found = await searchByName(db, spelling, null, limit);
    if (found.length > 0) return found;
  }
  if (spellings.length > 0) return [];
  // A bare city name finds the city first, not the villages elsewhere that share it; under the
  // data's name when that is not what was typed ("Delhi" is New Delhi there), else as typed, so
  // "Kanpur" still finds Kanpur Cantt beside Kanpur Nagar.
  const known = knownPlaceNamed(typed);
  const asTyped = !known || toSearchKey(known.name).startsWith(toSearchKey(typed));
  return searchByName(db, asTyped ? typed : known.name, known, limit);
}

/** Places by a name in Latin letters; a known city's own state first when `native` names it. */
async function searchByName(
  db: AppDb,
  query: string,
  native: NativePlace | null,
  limit: number,
  orMisspelt = true,
): Promise<Place[]> {
  const q = query.trim().toLowerCase();
  const key = toSearchKey(query);
  if (!key) return [];
  const qLike = `${escapeLike(q)}%`;
  const keyLike = `${escapeLike(key)}%`;
  const fuzzyKey = fuzzySearchKey(key);
  // Three small index lookups (name prefix, folded-key prefix, fuzzy words), each capped, then
  // one ranking over what they found: never a scan of the whole list. The prefix lookups order
  // by the pattern operator (~<~) so the text_pattern_ops index hands over its first rows in
  // order; ordering by the collation instead would sort every match ("ma": 8,000).
  const ranked = (found: SQL) => sql`
      select ${columns}
      from (
        select distinct on (id) * from (${found}) found
        order by id
      ) candidates
      order by
        ${
          native
            ? sql`case
          when state = ${native.state} and lower(name) = ${q} then 0
          -- "Bhubaneswar R S" before "Bhubaneswarpur": the whole name, then a break.
          when state = ${native.state} and lower(name) like ${qLike}
            and substr(lower(name), ${q.length + 1}, 1) !~ '[a-z]' then 1
          when state = ${native.state} then 2
          else 3
        end,`
            : sql``
        }
        case
          when lower(name) = ${q} then 0
          -- A whole word in another spelling ("Lakhnau", "Bombay") is as good as exact.
          when search_key = ${key} and length(${key}) >= 4 then 1
          when lower(name) like ${qLike} then 2
          when search_key = ${key} then 3
          when search_key like ${keyLike} then 4
          else 5
        end,
        (kind = 'district') desc,
        word_similarity(${key}, search_key) desc,
        length(name),
        name,
        id
      limit ${limit}`;
  // The hot path, every keystroke of a real name: one statement, no transaction.
  const prefixHits = sql`
        (select ${columns}, search_key from places
          where lower(name) ~>=~ ${q} and lower(name) ~<~ ${nextPrefix(q)}
          order by lower(name) using ~<~ limit ${CANDIDATES})
        union all
        (select ${columns}, search_key from places
          where search_key ~>=~ ${key} and search_key ~<~ ${nextPrefix(key)}
          order by search_key using ~<~ limit ${CANDIDATES})
        ${
          native
            ? sql`union all
        (select ${columns}, search_key from places
          where state = ${native.state} and lower(name) ~>=~ ${q} and lower(name) ~<~ ${nextPrefix(q)}
          order by (kind = 'district') desc, length(name) limit ${CANDIDATES})`
            : sql``
        }`;
  const rows = await queryRows<PlaceRecord>(db, ranked(prefixHits));
  // Fuzzy matches rank below every prefix match, so they are looked for only when no place
  // starts with what was typed: a misspelling. That lookup (trigram word similarity) is the slow
  // one; it gets its own transaction with a time limit.
  if (rows.length === 0 && orMisspelt && fuzzyKey.length >= 4) {
    const fuzzy = await db.transaction(async (tx) => {
      // Both settings in one round trip, for this transaction only. pg_trgm's default
      // word-similarity bar (0.6) misses one-letter slips like "Ahmdabad".
      await tx.execute(sql`select
        set_config('statement_timeout', ${String(SEARCH_TIMEOUT_MS)}, true),
        set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`);
      return queryRows<PlaceRecord>(
        tx,
        ranked(sql`select * from (${fuzzyCandidates(fuzzyKey)}) weighed
          order by word_similarity(${fuzzyKey}, search_key) desc limit ${CANDIDATES}`),
      );
    });
    return fuzzy.map(presentPlace);
  }
  return rows.map(presentPlace);
}

/**
 * The post offices of a PIN code, or of every PIN starting with the digits typed: the PIN's
 * order first, then by name (a PIN such as 110001 covers a dozen post offices).
 */
async function searchPins(db: AppDb, digits: string, limit: number): Promise<Place[]> {
  const rows = await queryRows<PlaceRecord>(
    db,
    sql`select ${columns} from places
      where pin ~>=~ ${digits} and pin ~<~ ${nextPrefix(digits)}
      order by pin using ~<~, name, id
      limit ${limit}`,
  );
  return rows.map(presentPlace);
}

/** The nearest known locality to a point (nearest-first from the GiST index). */
export async function findNearestPlace(
  db: Executor,
  lat: number,
  lng: number,
): Promise<Place | null> {
  const [row] = await queryRows<PlaceRecord>(db, nearestPlaceSql(lat, lng));
  return row ? presentPlace(row) : null;
}
