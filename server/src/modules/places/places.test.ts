import { type Place, PlaceListSchema, ReversePlaceSchema } from '@almquest/contracts/places';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createLogger } from '../../logger';
import { testPostalRecords } from '../../test/gazetteer';
import { appWhilePlacesLoad, createTestApp, type TestContext } from '../../test/test-app';
import { ensureGazetteer, readPostalRecords, toPlaceRows } from './gazetteer';
import { distanceKm } from '../../matching/geometry';
import { OUTLIER_KM } from './place-corrections';
import { createPlaceAnswers, lookUpPlaces } from './place-lookup';
import { FUZZY_CANDIDATES, fuzzyCandidates, fuzzySearchKey } from './places.service';
import { toSearchKey } from './search-key';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function search(q: string, limit = 5) {
  const res = await request(ctx.app).get('/api/places').query({ q, limit }).expect(200);
  return PlaceListSchema.parse(res.body).places;
}

describe('GET /api/places', () => {
  it('puts the exact name first, with its district, state, PIN and coordinates', async () => {
    const [first] = await search('Connaught Place');
    expect(first).toMatchObject({
      name: 'Connaught Place',
      district: 'Central Delhi',
      state: 'Delhi',
      pin: '110001',
      address: 'Connaught Place, Central Delhi, Delhi 110001',
    });
    expect(first!.coordinates[0]).toBeCloseTo(28.64, 1);
    expect(first!.coordinates[1]).toBeCloseTo(77.22, 1);
  });

  it('ranks prefix matches before merely similar names', async () => {
    const places = await search('Karol');
    expect(places[0]!.name).toBe('Karol Bagh');
    const prefixed = places.filter((p) => p.name.toLowerCase().startsWith('karol'));
    expect(places.slice(0, prefixed.length)).toEqual(prefixed);
  });

  it('finds cities typed in Devanagari or Bengali script, also while they are being typed', async () => {
    for (const [typed, name, state] of [
      ['कोलकाता', 'Kolkata', 'West Bengal'],
      ['কলকাতা', 'Kolkata', 'West Bengal'],
      ['कोल', 'Kolkata', 'West Bengal'],
      ['मुंबई', 'Mumbai', 'Maharashtra'],
      ['মুম্বাই', 'Mumbai', 'Maharashtra'],
      ['लखनऊ', 'Lucknow', 'Uttar Pradesh'],
      ['চেন্নাই', 'Chennai', 'Tamil Nadu'],
      ['वाराणसी', 'Varanasi', 'Uttar Pradesh'],
    ]) {
      const [first] = await search(typed!);
      expect(first, typed).toMatchObject({ name, kind: 'district', state });
    }
    // Shown in the reader's script: a known city or area carries its native names, a post
    // office of no name we know none.
    expect((await search('कोलकाता'))[0]!.nativeNames).toEqual({ hi: 'कोलकाता', bn: 'কলকাতা' });
    expect((await search('Karol Bagh'))[0]!.nativeNames).toEqual({
      hi: 'करोल बाग',
      bn: 'করোল বাগ',
    });
    expect((await search('Koramangala'))[0]!.nativeNames).toBeUndefined();
    // A word in those scripts that names no place finds nothing like it (and is no error).
    expect((await search('नमस्ते')).map((p) => p.name)).not.toContain('नमस्ते');
  });

  it('finds any place typed in Devanagari or Bengali script by its romanised name', async () => {
    for (const [typed, name] of [
      ['करोल बाग', 'Karol Bagh'],
      ['करोल', 'Karol Bagh'],
      ['पहाड़गंज', 'Pahar Ganj'],
      ['गोमती नगर', 'Gomtinagar'],
      ['हज़रत निज़ामुद्दीन', 'Hazrat Nizamuddin'],
      ['हजरत निजामुद्दीन', 'Hazrat Nizamuddin'],
      ['गुड़गाँव', 'Gurgaon'],
      ['বেহালা', 'Behala'],
      ['যাদবপুর', 'Jadavpur University'],
      ['শ্যামবাজার', 'Shyambazar Mail'],
    ]) {
      const names = (await search(typed!)).map((p) => p.name);
      expect(names, typed).toContain(name);
    }
  });

  it('finds a city by its name, district before localities', async () => {
    const [first, second] = await search('Lucknow');
    expect(first).toMatchObject({ name: 'Lucknow', kind: 'district', state: 'Uttar Pradesh' });
    expect(second!.district).toBe('Lucknow');
  });

  it.each([
    ['Lakhnau', 'Lucknow'],
    ['Bombay', 'Mumbai'],
    ['Bambai', 'Mumbai'],
    ['Bangalore', 'Bengaluru'],
    ['Madras', 'Chennai'],
    ['Trivandrum', 'Thiruvananthapuram'],
    ['Gurugram', 'Gurgaon'],
    ['Banaras', 'Varanasi'],
  ])('finds the Hindi or old name %s as %s', async (typed, expected) => {
    const [first] = await search(typed);
    expect(first?.district).toBe(expected);
  });

  it.each([
    ['Gaziabad', 'Ghaziabad'],
    ['Ahmdabad', 'Ahmedabad'],
    ['Varanasee', 'Varanasi'],
    ['lucknw', 'Lucknow'],
  ])('finds the misspelt %s as %s', async (typed, expected) => {
    const [first] = await search(typed);
    expect(first?.district).toBe(expected);
  });

  it('answers a prefix that is found from prefixes alone, and looks for misspellings only when none is', async () => {
    // The fuzzy step is the slow one: it runs only when nothing starts with what was typed.
    for (const typed of ['Karol', 'Connaught']) {
      const places = await search(typed, 8);
      expect(places.length).toBeGreaterThan(0);
      for (const place of places) {
        expect(
          place.name.toLowerCase().startsWith(typed.toLowerCase()) ||
            toSearchKey(place.name).startsWith(toSearchKey(typed)),
          `${place.name} for ${typed}`,
        ).toBe(true);
      }
    }
    expect((await search('Ahmdabad'))[0]?.name).toBe('Ahmedabad');
  });

  it('returns nothing for gibberish rather than random places', async () => {
    expect(await search('qxzvw')).toEqual([]);
  });

  it('compares only the first four words (40 letters) in the fuzzy step', async () => {
    expect(fuzzySearchKey('ab cd ef gh ij kl')).toBe('ab cd ef gh');
    expect(fuzzySearchKey('x'.repeat(60))).toBe('x'.repeat(40));
    // Thirty words once made the trigram lookup scan every place; now it answers at once.
    const thirtyWords = Array.from({ length: 30 }, (_, i) => `q${i % 10}`).join(' ');
    expect(await search(thirtyWords)).toEqual([]);
  });

  it('compares each word once: a repeated word no longer pushes the others out', async () => {
    expect(fuzzySearchKey('pur pur pur pur qzvx')).toBe('pur qzvx');
    expect(fuzzySearchKey('ram nag ram nag ram ganj')).toBe('ram nag ganj');
  });

  it('weighs at most a fixed number of places however common the typed trigrams are', async () => {
    // Names made of the commonest trigrams: every one is similar enough to be weighed.
    const extra = FUZZY_CANDIDATES + 100;
    await ctx.database.db.execute(sql`
      insert into places (id, name, search_key, kind, district, state, pin, lat, lng)
      select 900000 + n, 'Qvpur ' || n, 'qvpur ' || n, 'locality', 'Test', 'Test', null, 20, 78
      from generate_series(1, ${extra}) n`);
    try {
      const [similar] = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from places where 'qvpur' <% search_key`,
      );
      expect(similar!.n).toBeGreaterThanOrEqual(extra);
      const [weighed] = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from (${fuzzyCandidates('qvpur')}) c`,
      );
      expect(weighed!.n).toBe(FUZZY_CANDIDATES);
      // A misspelling of them is still answered, from what was weighed.
      expect((await search('Qvpurr', 3)).length).toBe(3);
    } finally {
      await ctx.database.db.execute(sql`delete from places where id > 900000`);
      // What the insert left in the trigram indexes' pending lists (a later test counts them).
      await ctx.database.db.execute(sql`select gin_clean_pending_list('places_name_trgm'::regclass),
        gin_clean_pending_list('places_search_key_trgm'::regclass)`);
    }
  });

  it('finds the post offices of a PIN code, and of the PINs starting with the digits typed', async () => {
    const whole = await search('110001', 20);
    expect(whole.length).toBeGreaterThan(3);
    for (const place of whole) expect(place.pin).toBe('110001');
    expect(whole.map((p) => p.name)).toContain('Connaught Place');
    const started = await search('1100', 20);
    expect(started.length).toBe(20);
    for (const place of started) expect(place.pin).toMatch(/^1100/);
    // In PIN order: 110001 comes before 110002.
    const pins = started.map((p) => p.pin!);
    expect(pins).toEqual([...pins].sort());
    expect(await search('999999')).toEqual([]);
    // Typed in Devanagari or Bengali digits.
    expect((await search('११०००१', 20)).map((p) => p.pin)).toEqual(whole.map((p) => p.pin));
    expect((await search('১১০০০১', 20)).map((p) => p.pin)).toEqual(whole.map((p) => p.pin));
  });

  it('treats LIKE wildcards as plain text', async () => {
    expect(await search('%%')).toEqual([]);
  });

  it.each([
    [{}, 'q'],
    [{ q: 'a' }, 'q'],
    [{ q: 'x'.repeat(101) }, 'q'],
    [{ q: 'Delhi', limit: 500 }, 'limit'],
  ])('answers bad input %j with 400 naming %s', async (query, field) => {
    const res = await request(ctx.app).get('/api/places').query(query).expect(400);
    expect(Object.keys(res.body.error.fields)).toContain(field);
  });

  it('says a place name sent twice is to be sent once, not that none was typed', async () => {
    const res = await request(ctx.app).get('/api/places?q=Delhi&q=Pune').expect(400);
    expect(res.body.error.fields.q).toBe('Send this only once');
    expect(res.body.error.fieldWords?.q?.key).toBe('field.onlyOnce');
  });

  it('answers 503 with a clear message while the place list is still loading', async () => {
    const app = appWhilePlacesLoad(ctx.database);
    const res = await request(app).get('/api/places?q=Delhi').expect(503);
    expect(res.body.error.message).toContain('getting ready');
  });
});

describe('recent answers', () => {
  const place = (name: string): Place => ({
    id: name.charCodeAt(0),
    name,
    kind: 'locality',
    district: null,
    state: 'Delhi',
    pin: null,
    address: name,
    coordinates: [28.6, 77.2],
  });

  it('answers a search again from memory once the list is loaded, and keeps nothing before', async () => {
    const answers = createPlaceAnswers();
    let isReady = false;
    const deps = {
      db: ctx.database.db,
      google: null,
      gazetteer: { isReady: () => isReady },
      logger: createLogger('silent'),
      answers,
    };
    await expect(lookUpPlaces(deps, 'Connaught', 5)).rejects.toMatchObject({ status: 503 });
    expect(answers.get('Connaught', 5)).toBeUndefined();
    isReady = true;
    const first = await lookUpPlaces(deps, 'Connaught', 5);
    expect(first.places[0]?.name).toBe('Connaught Place');
    expect(answers.get('Connaught', 5)).toEqual(first.places);
    // Another limit is another answer.
    expect(answers.get('Connaught', 8)).toBeUndefined();
    expect((await lookUpPlaces(deps, 'Connaught', 5)).places).toEqual(first.places);
  });

  it('lets the least recently asked go first when full, and asks again after the TTL', async () => {
    const answers = createPlaceAnswers({ maxEntries: 2, ttlMs: 50 });
    answers.set('a', 5, [place('A')]);
    answers.set('b', 5, [place('B')]);
    expect(answers.get('a', 5)?.[0]?.name).toBe('A');
    answers.set('c', 5, [place('C')]);
    expect(answers.get('b', 5)).toBeUndefined();
    expect(answers.get('a', 5)?.[0]?.name).toBe('A');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(answers.get('a', 5)).toBeUndefined();
    expect(answers.get('c', 5)).toBeUndefined();
  });
});

describe('GET /api/places/reverse', () => {
  it('names the nearest locality to a point', async () => {
    const res = await request(ctx.app)
      .get('/api/places/reverse')
      .query({ lat: 28.6519, lng: 77.1909 })
      .expect(200);
    const { place } = ReversePlaceSchema.parse(res.body);
    expect(place.kind).toBe('locality');
    expect(place.district).toMatch(/Delhi/);
  });

  it('names a point many localities share (a district stand-in) after its district’s own town', async () => {
    // As the postal list puts a district's villages on its main town's point: Durbuk and the
    // rest on Leh's. The point is named Leh, not whichever village the index met first.
    const rows = ['Zanskar Village', 'Durbuk', 'Stand In Town', 'Nyoma'].map((name, i) => ({
      id: 9_000_000 + i,
      name,
    }));
    for (const row of rows)
      await ctx.database.db.execute(sql`insert into places (id, name, search_key, kind, district,
        state, pin, lat, lng) values (${row.id}, ${row.name}, ${row.name.toLowerCase()},
        'locality', 'Stand In Town', 'Ladakh', '194101', 34.9876, 77.9876)`);
    try {
      const res = await request(ctx.app)
        .get('/api/places/reverse')
        .query({ lat: 34.99, lng: 77.99 })
        .expect(200);
      expect(ReversePlaceSchema.parse(res.body).place.name).toBe('Stand In Town');
    } finally {
      await ctx.database.db.execute(sql`delete from places where id >= 9000000`);
    }
  });

  it.each([
    [{ lat: 51.5, lng: -0.12 }, 'lat'],
    [{ lat: 'north', lng: 77 }, 'lat'],
    [{ lat: 28.6 }, 'lng'],
  ])('refuses a point outside India or malformed: %j', async (query, field) => {
    const res = await request(ctx.app).get('/api/places/reverse').query(query).expect(400);
    expect(Object.keys(res.body.error.fields)).toContain(field);
  });
});

describe('the gazetteer', () => {
  it('reads the real postal data and adds a row per district at its centre', async () => {
    const records = await testPostalRecords();
    expect(records.length).toBeGreaterThan(1000);
    const rows = toPlaceRows(records);
    const lucknow = rows.find((r) => r.kind === 'district' && r.name === 'Lucknow');
    expect(lucknow?.lat).toBeGreaterThan(26);
    expect(lucknow?.lat).toBeLessThan(27.5);
    expect(rows.every((r) => r.search_key === toSearchKey(r.name))).toBe(true);
  });

  it('puts no locality of the full list far from its district, nor under an old state name', async () => {
    const rows = toPlaceRows(await readPostalRecords());
    const centres = new Map(
      rows
        .filter((r) => r.kind === 'district')
        .map((r) => [`${r.name}|${r.state}`, [r.lat, r.lng] as [number, number]]),
    );
    const localities = rows.filter((r) => r.kind === 'locality');
    const perDistrict = new Map<string, number>();
    for (const r of localities) {
      const key = `${r.district}|${r.state}`;
      perDistrict.set(key, (perDistrict.get(key) ?? 0) + 1);
    }
    const far = localities.filter((r) => {
      const key = `${r.district}|${r.state}`;
      const centre = centres.get(key);
      // Islands and Ladakh are that spread out; a district of a handful has no trusted centre.
      if (!centre || (perDistrict.get(key) ?? 0) < 10) return false;
      if (
        ['Lakshadweep', 'Leh', 'Kargil', 'Nicobar', 'North And Middle Andaman'].includes(
          r.district!,
        )
      )
        return false;
      return distanceKm([r.lat, r.lng], centre) > OUTLIER_KM;
    });
    expect(far.map((r) => `${r.name} ${r.pin} (${r.district})`)).toEqual([]);

    const states = new Set(rows.map((r) => r.state));
    for (const old of ['Chattisgarh', 'Pondicherry']) expect(states).not.toContain(old);
    const at = (name: string, pin: string) => rows.find((r) => r.name === name && r.pin === pin)!;
    expect(at('Panvel H.O', '410206')).toMatchObject({ district: 'Raigarh(MH)' });
    // Checked against where these places are (their towns), not against the list itself.
    expect(
      distanceKm([at('Panvel H.O', '410206').lat, at('Panvel H.O', '410206').lng], [18.99, 73.12]),
    ).toBeLessThan(10);
    const leh = rows.filter((r) => r.district === 'Leh');
    expect(leh.length).toBeGreaterThan(50);
    for (const r of leh) {
      expect(r.state).toBe('Ladakh');
      expect(distanceKm([r.lat, r.lng], [34.15, 77.58])).toBeLessThan(20);
    }
    const saltLake = rows.filter((r) => r.name === 'Salt Lake' || r.pin === '700064');
    expect(saltLake.length).toBeGreaterThan(1);
    for (const r of saltLake) expect(distanceKm([r.lat, r.lng], [22.58, 88.42])).toBeLessThan(5);
    // A locality on its district's stand-in point takes the point of its PIN's other localities.
    const rajarhat = at('Chandpur', '700135');
    expect(distanceKm([rajarhat.lat, rajarhat.lng], [22.59, 88.43])).toBeLessThan(15);
  });

  it('finds Salt Lake in Kolkata first, under its official name Bidhannagar too', async () => {
    const [first] = await search('Salt Lake');
    expect(first).toMatchObject({ name: 'Salt Lake', state: 'West Bengal', pin: '700064' });
    const [official] = await search('Bidhannagar');
    expect(official).toMatchObject({ name: 'Bidhannagar', district: 'North 24 Parganas' });
  });

  it('brings a list loaded by an older version up to date, usable meanwhile, writing only what differs', async () => {
    const db = ctx.database.db;
    await db.execute(sql`update places set state = 'Old State', lat = 0 where id = 1`);
    await db.execute(sql`update app_state set value = '1' where key = 'gazetteer_version'`);
    let usableAt = -1;
    let calls = 0;
    const written = await ensureGazetteer(db, testPostalRecords, () => {
      usableAt = calls;
    });
    calls += 1;
    expect(usableAt).toBe(0);
    expect(written).toBe(1);
    const [row] = await queryRows<{ state: string; lat: number }>(
      db,
      sql`select state, lat from places where id = 1`,
    );
    expect(row!.state).not.toBe('Old State');
    expect(row!.lat).not.toBe(0);
    expect(await ensureGazetteer(db, testPostalRecords)).toBe(0);
  });

  it('leaves the trigram indexes merged and the planner the statistics once loaded', async () => {
    // A misspelt search reads through a GIN index's pending list: 5-7 ms over the full list.
    const [after] = await queryRows<{ name: number; key: number; counted: boolean }>(
      ctx.database.db,
      sql`select gin_clean_pending_list('places_name_trgm'::regclass)::int as name,
                 gin_clean_pending_list('places_search_key_trgm'::regclass)::int as key,
                 (select reltuples > 0 from pg_class where relname = 'places') as counted`,
    );
    expect(after).toEqual({ name: 0, key: 0, counted: true });
  });

  it('folds romanisation differences into one key', () => {
    expect(toSearchKey('Ghaziabad')).toBe(toSearchKey('Gaziabad'));
    expect(toSearchKey('Dilli')).toBe(toSearchKey('Delhi'));
    expect(toSearchKey('Puducherry')).toBe(toSearchKey('Pondicherry'));
    expect(toSearchKey('Mūmbai')).toBe(toSearchKey('Mumbai'));
  });
});
