import { describe, expect, it } from 'vitest';
import { readPostalRecords, toPlaceRows } from './gazetteer';
import { latinNameFor, NATIVE_NAME_TARGETS } from './native-names';
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
    expect(latinNameFor('दिल्ली')).toBe('Delhi');
    expect(latinNameFor('मुं')).toBe('Mumbai');
    expect(latinNameFor('হাওড়া')).toBe('Howrah');
    expect(latinNameFor('Kolkata')).toBeNull();
    expect(latinNameFor('क')).toBeNull();
    expect(latinNameFor('ज़ज़ज़')).toBeNull();
  });
});
