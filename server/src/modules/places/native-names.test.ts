import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { ensureGazetteer, readPostalRecords, toPlaceRows } from './gazetteer';
import { latinNameFor, NATIVE_NAME_TARGETS, NATIVE_NAMES } from './native-names';
import { searchPlaces } from './places.service';
import { toSearchKey } from './search-key';

describe('place names in Devanagari and Bengali script', () => {
  it('names a place the full place data holds, for every city and capital listed', async () => {
    const keys = toPlaceRows(await readPostalRecords()).map((row) => row.search_key);
    const missing = NATIVE_NAME_TARGETS.filter((latin) => {
      const key = toSearchKey(latin);
      return !keys.some((k) => k.startsWith(key));
    });
    expect(missing).toEqual([]);
    expect(NATIVE_NAME_TARGETS.length).toBeGreaterThanOrEqual(80);
  });

  it('reads exact spellings, spellings being typed, and ignores other text', () => {
    expect(latinNameFor('कोलकाता')).toBe('Kolkata');
    expect(latinNameFor(' কলকাতা ')).toBe('Kolkata');
    expect(latinNameFor('कलकत्ता')).toBe('Kolkata');
    expect(latinNameFor('दिल्ली')).toBe('New Delhi');
    expect(latinNameFor('मुं')).toBe('Mumbai');
    expect(latinNameFor('হাওড়া')).toBe('Howrah');
    expect(latinNameFor('Kolkata')).toBeNull();
    expect(latinNameFor('क')).toBeNull();
    expect(latinNameFor('ज़ज़ज़')).toBeNull();
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

  it('finds each city and capital, in its own state, first, for every spelling', async () => {
    const wrong: string[] = [];
    for (const { place, spellings } of NATIVE_NAMES) {
      for (const spelling of spellings) {
        const [first] = await searchPlaces(database.db, spelling, 8);
        // Amaravati has no place of its own in the data: it is enough to find some Amaravati.
        const isRight =
          place.name === 'Amaravati' ? first !== undefined : first?.state === place.state;
        if (!isRight) wrong.push(`${spelling} -> ${first?.address ?? 'nothing'} (${place.state})`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
