import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorBody, SERVER_MESSAGE_KEYS } from '@almquest/contracts/errors';
import { queryRows } from '../db/client';
import {
  createDistributor,
  createDonor,
  distributorInput,
  donate,
  donationInput,
  donorInput,
  type Registered,
} from '../test/factories';
import { testArea } from '../test/areas';
import { signIn, type SignedIn } from '../test/session';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * For every route that takes a body, a generated set of malformed requests: each field replaced
 * by wrong types, missing, huge, negative, NaN-like, out-of-range coordinates, markup and odd
 * unicode; plus extra fields, broken JSON and the wrong content type. Each answers 4xx with a
 * message, never 500, and changes nothing.
 */
let ctx: TestContext;
let donor: Registered;
let distributor: Registered;
let newcomer: SignedIn;
let packageId = '';

beforeAll(async () => {
  // Its own database: it counts every user, package and message before and after each call.
  ctx = await createTestApp({}, {}, 'own');
  const at = testArea('malformed');
  donor = await createDonor(ctx, { location: at(0) });
  distributor = await createDistributor(ctx, { location: at(1) });
  newcomer = await signIn(ctx, `malformed.${Date.now()}@example.org`);
  packageId = (await donate(ctx, donor, { location: at(0) }))._id;
});
afterAll(() => ctx.close());

type Target = {
  name: string;
  method: 'post' | 'patch';
  url: () => string;
  cookie: () => string | undefined;
  body: () => Record<string, unknown>;
};

const targets: Target[] = [
  {
    name: 'donor register',
    method: 'post',
    url: () => '/api/donor/register',
    cookie: () => newcomer.cookie,
    body: () => ({ ...donorInput() }),
  },
  {
    name: 'distributor register',
    method: 'post',
    url: () => '/api/distributor/register',
    cookie: () => newcomer.cookie,
    body: () => ({ ...distributorInput() }),
  },
  {
    name: 'donor update',
    method: 'patch',
    url: () => `/api/donor/update/${donor.profile.id}`,
    cookie: () => donor.cookie,
    body: () => ({ name: 'Asha', phone: '9876543210', distanceRange: 8, donorType: 'Individual' }),
  },
  {
    name: 'distributor update',
    method: 'patch',
    url: () => `/api/distributor/update/${distributor.profile.id}`,
    cookie: () => distributor.cookie,
    body: () => ({ name: 'Roti', maxCapacity: 45, distanceRange: 15 }),
  },
  {
    name: 'donate',
    method: 'post',
    url: () => '/api/donor/donate',
    cookie: () => donor.cookie,
    body: () => ({ ...donationInput(donor) }),
  },
  {
    name: 'mark package',
    method: 'post',
    url: () => '/api/distributor/togglePackage',
    cookie: () => distributor.cookie,
    body: () => ({
      donor_id: donor.profile.id,
      distributor_id: distributor.profile.id,
      packageId,
      state: 'Received',
    }),
  },
  {
    name: 'check exist',
    method: 'post',
    url: () => '/api/checkExist',
    cookie: () => donor.cookie,
    body: () => ({ email: donor.user.email }),
  },
  {
    name: 'contact',
    method: 'post',
    url: () => '/api/contact',
    cookie: () => undefined,
    body: () => ({ name: 'Kavya', email: 'kavya@example.org', message: 'Hello' }),
  },
];

/** Values no field of ours accepts. */
const badValues: [label: string, value: unknown][] = [
  ['null', null],
  ['an object', { nested: true }],
  ['an array', [1, 2, 3]],
  ['true', true],
  ['a negative number', -1],
  ['a huge number', 1e308],
  ['NaN as text', 'NaN'],
  ['Infinity as text', 'Infinity'],
  ['an empty string', ''],
  ['a 10,000 character string', 'x'.repeat(10_000)],
  ['bad coordinates', { address: 'Nowhere', coordinates: [999, -999] }],
  ['coordinates as text', { address: 'Nowhere', coordinates: ['north', 'east'] }],
  ['text with a NUL character', 'ab\u0000cd'],
  ['text ending in U+FFFF', 'ab\uffff'],
  ['text with a bell character', 'ab\u0007cd'],
  ['a hexadecimal number as text', '0x10'],
  ['a number with an exponent as text', '1e3'],
  // Stalled a backtracking pattern for ~800 ms per request before lengths were capped.
  ['a digit, 31,000 spaces and a letter', `1${' '.repeat(31_000)}x`],
];

/** What a malformed request must leave exactly as it was. */
async function fingerprint(): Promise<string> {
  const [row] = await queryRows<Record<string, unknown>>(
    ctx.database.db,
    sql`select
      (select count(*) from users)::int as users,
      (select count(*) from users where user_type is not null)::int as registered,
      (select string_agg(name || phone || coalesce(address, ''), ',' order by id) from users where id in (${donor.profile.id}::uuid, ${distributor.profile.id}::uuid)) as people,
      (select count(*) from packages)::int as packages,
      (select string_agg(state, ',' order by id) from packages) as states,
      (select count(*) from contact_messages)::int as messages,
      (select string_agg(distance_range::text || max_capacity::text, ',') from distributors where user_id = ${distributor.profile.id}::uuid) as capacity`,
  );
  return JSON.stringify(row);
}

/** zod's own messages, which no schema words: each starts so. */
const ZOD_OWN =
  /^(Invalid input|Invalid option|Too (big|small)|Invalid (string|number|date|UUID|email))/;

/**
 * A refusal says what is wrong in words the clients' catalogs hold (decision 031), never
 * only in English: its own key, or its code where it says no more than that, and each field's.
 */
function expectWorded(name: string, error: ErrorBody['error']) {
  if (error.key !== undefined) expect(SERVER_MESSAGE_KEYS).toContain(error.key);
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    const key = error.fieldWords?.[field]?.key;
    expect(key, `${name}: the words of ${field}: ${message}`).toBeDefined();
    // Only zod's own messages (a value of a type no form sends) are left to "check this field".
    if (key === 'field.invalid') expect(message, `${name}: ${field}`).toMatch(ZOD_OWN);
  }
}

async function expectRefused(target: Target, send: (req: request.Test) => request.Test) {
  const before = await fingerprint();
  let req = request(ctx.app)[target.method](target.url());
  const cookie = target.cookie();
  if (cookie) req = req.set('Cookie', cookie);
  const res = await send(req);
  expect(
    res.status,
    `${target.name}: ${res.status} ${JSON.stringify(res.body)}`,
  ).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(typeof res.body?.error?.message).toBe('string');
  expectWorded(target.name, res.body.error);
  expect(await fingerprint()).toBe(before);
  return res;
}

describe.each(targets)('malformed input to $name', (target) => {
  it('refuses each field replaced by each wrong value, naming the field', async () => {
    const fields = Object.keys(target.body());
    let tried = 0;
    for (const field of fields) {
      for (const [, value] of badValues) {
        // Some values are fine for some fields (e.g. "" for an optional one): skip those.
        if (
          field === 'idempotencyKey' ||
          field === 'timestamp' ||
          field === 'donor_name' ||
          field === 'donor_phone' ||
          (field === 'email' && target.name.includes('register') && value === '')
        )
          continue;
        const body = { ...target.body(), [field]: value };
        const before = await fingerprint();
        let req = request(ctx.app)[target.method](target.url());
        const cookie = target.cookie();
        if (cookie) req = req.set('Cookie', cookie);
        const res = await req.send(body);
        tried += 1;
        expect(
          res.status,
          `${target.name}.${field} = ${JSON.stringify(value).slice(0, 40)}: ${JSON.stringify(res.body)}`,
        ).toBeLessThan(500);
        if (res.status >= 400) {
          expect(typeof res.body.error.message).toBe('string');
          expectWorded(
            `${target.name}.${field} = ${JSON.stringify(value).slice(0, 40)}`,
            res.body.error,
          );
          expect(await fingerprint()).toBe(before);
        }
      }
    }
    expect(tried).toBeGreaterThan(fields.length * 5);
  });

  it('refuses a missing body, extra fields where not allowed, broken JSON and the wrong content type', async () => {
    await expectRefused(target, (req) =>
      req.set('Content-Type', 'application/json').send('{"name": '),
    );
    await expectRefused(target, (req) => req.set('Content-Type', 'text/plain').send('name=x'));
    await expectRefused(target, (req) => req.send({}).set('Content-Type', 'application/json'));
    await expectRefused(target, (req) =>
      req
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ text: 'y'.repeat(100_000) })),
    );
  });
});

describe('markup and unicode in text fields', () => {
  it('stores them as text and gives them back unchanged, Indic joiners included', async () => {
    // U+200D and U+200C shape Hindi and Bengali conjuncts: they must survive.
    const name =
      '<img src=x onerror=alert(1)> अन्नपूर्णा क्\u200dष কর্\u200cমী 🍛 \u{1f3f4}\u{e0067}\u{e0062}\u{e0077}\u{e006c}\u{e0073}\u{e007f}';
    const res = await request(ctx.app)
      .patch(`/api/donor/update/${donor.profile.id}`)
      .set('Cookie', donor.cookie)
      .send({ name })
      .expect(200);
    expect(res.body.data.name).toBe(name);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it.each([
    ['a right-to-left override', 'Asha\u202egnp.exe'],
    ['a left-to-right isolate', 'Asha \u2066x\u2069'],
    ['only zero-width characters', '\u200b\u200d\u2060'],
    ['only Hangul fillers and a blank Braille pattern', '\u3164\u115f\u1160\uffa0\u2800'],
    ['a line separator', 'Asha\u2028Restaurant'],
    ['a paragraph separator', 'Asha\u2029Restaurant'],
    ['interlinear annotation marks', 'Asha\ufff9hidden\ufffa\ufffb'],
    ['tag characters outside a flag', 'Asha\u{e0068}\u{e0069}'],
    ['half of a surrogate pair', 'Asha\ud800'],
    ['the other half alone', 'Asha\udc00x'],
    ['a noncharacter of the Arabic block', 'Asha\ufdd0'],
    ['a noncharacter at the end of plane 1', 'Asha\u{1fffe}'],
    ['the last code point of all', 'Asha\u{10ffff}'],
    ['only a musical null notehead', '\u{1d159}\u{1d159}'],
    ['eight combining marks on one letter', `Asha${'\u0301'.repeat(8)}`],
    ['combining marks stacked with format characters between', `Asha${'\u0301\u200c'.repeat(8)}`],
    [
      'text hidden in a flag-shaped tag sequence',
      `Ram \u{1f3f4}${[...'ignoreal'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('')}\u{e007f}`,
    ],
  ])('refuses a name with %s, naming the field', async (_label, name) => {
    const before = await fingerprint();
    const res = await request(ctx.app)
      .patch(`/api/donor/update/${donor.profile.id}`)
      .set('Cookie', donor.cookie)
      .send({ name })
      .expect(400);
    expect(Object.keys(res.body.error.fields)).toEqual(['name']);
    expect(await fingerprint()).toBe(before);
  });
});

describe('malformed path and query parameters', () => {
  it.each([
    ['get', '/api/package/not-a-uuid'],
    ['get', "/api/package/1' or '1'='1"],
    ['get', '/api/donor/12345'],
    ['post', '/api/distributor/toggle/xyz'],
    ['delete', '/api/donor/abc/package/def'],
    ['get', '/api/places?q=Delhi&limit=NaN'],
    ['get', '/api/places/reverse?lat=91&lng=200'],
    ['get', '/api/places/reverse?lat=0x1c&lng=77'],
    ['get', '/api/places/reverse?lat=2.8e1&lng=77'],
    ['get', '/api/places?q=Delhi&limit=0x8'],
    ['get', '/api/places?q=ab%00'],
    ['get', '/api/places?q=ab%EF%BF%BF'],
    ['get', '/api/places?q=ab%07'],
    [
      'get',
      `/api/donor/00000000-0000-4000-8000-000000000000/packages?cursor=%27%3B%20drop%20table%20packages`,
    ],
  ] as const)('%s %s answers 4xx', async (method, url) => {
    const res = await request(ctx.app)[method](url).set('Cookie', donor.cookie);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
