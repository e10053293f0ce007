import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { ensureGazetteer, readPostalRecords, toPlaceRows } from './gazetteer';
import { knownPlaceNamed, latinNameFor, NATIVE_NAMES, nativePlaceFor } from './native-names';
import { searchPlaces } from './places.service';
import { toSearchKey } from './search-key';

describe('place names in Devanagari and Bengali script', () => {
  it('names places of the full place data, in their state, for every line', async () => {
    // Each state's search keys, sorted, so a prefix is found by binary search.
    const keysByState = new Map<string, string[]>();
    for (const row of toPlaceRows(await readPostalRecords())) {
      const keys = keysByState.get(row.state ?? '') ?? [];
      keys.push(row.search_key);
      keysByState.set(row.state ?? '', keys);
    }
    for (const keys of keysByState.values()) keys.sort();
    const hasPrefix = (keys: string[], prefix: string) => {
      let low = 0;
      let high = keys.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (keys[middle]! < prefix) low = middle + 1;
        else high = middle;
      }
      return keys[low]?.startsWith(prefix) ?? false;
    };
    const missing = NATIVE_NAMES.filter(
      ({ place }) => !hasPrefix(keysByState.get(place.state) ?? [], toSearchKey(place.name)),
    ).map(({ place }) => `${place.name}, ${place.state}`);
    expect(missing).toEqual([]);
    // The cities and capitals, every district, and the other towns of over 100,000 people.
    expect(NATIVE_NAMES.length).toBeGreaterThanOrEqual(700);
  });

  it('reads exact spellings, spellings being typed, and ignores other text', () => {
    expect(latinNameFor('कोलकाता')).toBe('Kolkata');
    expect(latinNameFor(' কলকাতা ')).toBe('Kolkata');
    expect(latinNameFor('कलकत्ता')).toBe('Kolkata');
    expect(latinNameFor('दिल्ली')).toBe('New Delhi');
    expect(latinNameFor('मुं')).toBe('Mumbai');
    expect(latinNameFor('হাওড়া')).toBe('Howrah');
    expect(latinNameFor('दुर्ग')).toBe('Durg');
    expect(latinNameFor('জলপাইগুড়ি')).toBe('Jalpaiguri');
    // A district the data writes with its state in brackets is searched under its plain name.
    expect(nativePlaceFor('बीजापुर')).toEqual({ name: 'Bijapur', state: 'Chhattisgarh' });
    expect(latinNameFor('Kolkata')).toBeNull();
    expect(latinNameFor('क')).toBeNull();
    expect(latinNameFor('ज़ज़ज़')).toBeNull();
  });

  it('knows the place a whole Latin name means, and not a name half typed', () => {
    expect(knownPlaceNamed('Siliguri')?.state).toBe('West Bengal');
    expect(knownPlaceNamed('siliguri ')?.state).toBe('West Bengal');
    expect(knownPlaceNamed('Bombay')?.state).toBe('Maharashtra');
    // Where two districts share a name, the larger town's state.
    expect(knownPlaceNamed('Bilaspur')?.state).toBe('Chhattisgarh');
    expect(knownPlaceNamed('Aurangabad')?.state).toBe('Maharashtra');
    expect(knownPlaceNamed('Silig')).toBeNull();
    expect(knownPlaceNamed('Ra')).toBeNull();
  });
});

describe('searching the full place data in Devanagari and Bengali', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null });
    await migrate(database.db);
    await ensureGazetteer(database.db);
  }, 180_000);
  afterAll(() => database?.close());

  it('finds each city, town and district, in its own state, first, for every spelling', async () => {
    const wrong: string[] = [];
    for (const { place, spellings } of NATIVE_NAMES) {
      for (const spelling of spellings) {
        // A spelling two places share (अमरावती: Amaravati and Amravati) means the first listed.
        const meant = nativePlaceFor(spelling);
        const [first] = await searchPlaces(database.db, spelling, 4);
        // Amaravati has no place of its own in the data: it is enough to find some Amaravati.
        const isRight =
          meant?.name === 'Amaravati'
            ? first !== undefined
            : first?.state === meant?.state &&
              toSearchKey(first?.name ?? '').startsWith(toSearchKey(meant?.name ?? '-'));
        if (!isRight) {
          wrong.push(`${spelling} (${place.name}, ${place.state}) -> ${first?.address ?? '-'}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('puts the city first for a bare city name in Latin letters, villages sharing it after', async () => {
    for (const [name, state] of [
      ['Siliguri', 'West Bengal'],
      ['Raipur', 'Chhattisgarh'],
      ['Durg', 'Chhattisgarh'],
      ['Aurangabad', 'Maharashtra'],
      ['Hyderabad', 'Telangana'],
      ['Bilaspur', 'Chhattisgarh'],
      // A city the data calls otherwise: Delhi is New Delhi there (and a village in Rewa, MP).
      ['Delhi', 'Delhi'],
      ['Kanpur', 'Uttar Pradesh'],
    ]) {
      const found = await searchPlaces(database.db, name!, 8);
      expect(found[0]?.state, name).toBe(state);
      expect(found[0]?.name, name).toContain(name!);
    }
  });
});
