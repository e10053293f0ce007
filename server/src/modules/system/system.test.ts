import { ErrorBodySchema } from '@almquest/contracts/errors';
import { HealthSchema, PublicConfigSchema } from '@almquest/contracts/system';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDeps, createApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { createLogger } from '../../logger';
import { SiteContentSchema } from '@almquest/contracts/site';
import { ZodError } from 'zod';
import { imageSources, tileSource } from '../../middleware/image-sources';
import { demoSiteContent } from '../site/demo-site-content';
import { readSiteContent, saveSiteContent } from '../site/site.service';
import { testArea } from '../../test/areas';
import { createDonor, donationInput } from '../../test/factories';
import { appWhilePlacesLoad, createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/health', () => {
  it('answers ok and names the database engine', async () => {
    const res = await request(ctx.app).get('/api/health').expect(200);
    const body = HealthSchema.parse(res.body);
    expect(body).toEqual({
      status: 'ok',
      db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      checks: { database: 'ok', places: 'ok', writes: 'ok', process: 'ok' },
    });
    // Liveness asks nothing of the database.
    await request(ctx.app).get('/api/health/live').expect(200, { status: 'ok' });
  });

  it('is not ready while the place list loads, and says so', async () => {
    const app = appWhilePlacesLoad(ctx.database);
    const res = await request(app).get('/api/health').expect(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(HealthSchema.parse(res.body).checks).toEqual({
      database: 'ok',
      places: 'loading',
      writes: 'ok',
      process: 'ok',
    });
  });

  it('answers 503, not 500, while the database refuses writes, is not ready, and heals', async () => {
    // Its own embedded database: one connection, so one setting makes every transaction
    // read-only, as a full disk or a database set read-only refuses them.
    const own = await createTestApp({}, {}, 'pglite');
    try {
      const donor = await createDonor(own, { location: testArea('malformed')(0) });
      await own.database.db.execute(sql`set default_transaction_read_only = on`);
      const refused = await request(own.app)
        .post('/api/donor/donate')
        .set('Cookie', donor.cookie)
        .send(donationInput(donor, { quantity: 2 }))
        .expect(503);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.body.error.code).toBe('service_unavailable');
      const health = await request(own.app).get('/api/health').expect(503);
      expect(HealthSchema.parse(health.body).checks.writes).toBe('refused');
      await own.database.db.execute(sql`set default_transaction_read_only = off`);
      // A database emptied under it (its schema gone): answering, but not ready.
      await own.database.db.execute(sql`alter table app_migrations rename to app_migrations_away`);
      const empty = await request(own.app).get('/api/health').expect(503);
      expect(HealthSchema.parse(empty.body).checks.database).toBe('notMigrated');
      await own.database.db.execute(sql`alter table app_migrations_away rename to app_migrations`);
      await own.database.db.execute(sql`set default_transaction_read_only = on`);
      await own.database.db.execute(sql`set default_transaction_read_only = off`);
      await request(own.app).get('/api/health').expect(200);
      await request(own.app)
        .post('/api/donor/donate')
        .set('Cookie', donor.cookie)
        .send(donationInput(donor, { quantity: 2 }))
        .expect(201);
    } finally {
      await own.close();
    }
  });

  it('answers 503 when the database cannot be reached', async () => {
    // A real PostgreSQL client pointed at a port where nothing listens.
    const unreachable = await openDatabase({
      kind: 'postgres',
      url: 'postgres://postgres@127.0.0.1:1/none',
    });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const app = createApp({ config, database: unreachable, logger: createLogger('silent') });
    try {
      const res = await request(app).get('/api/health').expect(503);
      expect(res.body).toEqual({
        status: 'unavailable',
        db: 'postgres',
        checks: { database: 'unreachable', places: 'ok', writes: 'unknown', process: 'ok' },
      });
    } finally {
      await unreachable.close();
    }
  });
});

describe('GET /api/config', () => {
  it('returns only public settings in the shared shape', async () => {
    const res = await request(ctx.app).get('/api/config').expect(200);
    const body = PublicConfigSchema.parse(res.body);
    expect(body.map.tileUrl).toContain('{z}');
    expect(JSON.stringify(res.body)).not.toMatch(/secret|password|postgres:\/\//i);
  });
});

describe('errors', () => {
  it('answers unknown API routes with 404 in the error shape', async () => {
    const res = await request(ctx.app).get('/api/no-such-thing').expect(404);
    const body = ErrorBodySchema.parse(res.body);
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toContain('/api/no-such-thing');
  });

  it('answers malformed JSON with 400', async () => {
    const res = await request(ctx.app)
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send('{"name": ')
      .expect(400);
    expect(ErrorBodySchema.parse(res.body).error.code).toBe('malformed_json');
    expect(res.body.error.message).toBe('The request body is not valid JSON.');
    // JSON, but not an object: said as such, not called invalid.
    for (const single of ['"x"', 'null', '3']) {
      const one = await request(ctx.app)
        .post('/api/contact')
        .set('Content-Type', 'application/json')
        .send(single)
        .expect(400);
      expect(one.body.error.message, single).toBe(
        'The request body must be a JSON object, not a single value.',
      );
    }
  });

  it('answers an oversized body with 413', async () => {
    const res = await request(ctx.app)
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(100_000) }))
      .expect(413);
    expect(ErrorBodySchema.parse(res.body).error.code).toBe('payload_too_large');
  });

  it('tags every answer with a request id, keeping a sane incoming one', async () => {
    const fresh = await request(ctx.app).get('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request(ctx.app).get('/api/health').set('X-Request-Id', 'abc-123');
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await request(ctx.app)
      .get('/api/health')
      .set('X-Request-Id', '<script>alert(1)</script>');
    expect(replaced.headers['x-request-id']).not.toContain('<');
  });

  /** An app whose log lines land in `lines`, parsed. */
  function loggedApp(deps: Partial<AppDeps> = {}) {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        callback();
      },
    });
    const app = createApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }),
      database: ctx.database,
      logger: pino({ level: 'info' }, sink),
      ...deps,
    });
    return { app, lines };
  }

  it('logs one line per request with its id, method, url and status (health probes excepted)', async () => {
    const { app, lines } = loggedApp();
    const ok = await request(app).get('/api/config').expect(200);
    const missing = await request(app).get('/api/no-such-thing?x=1').expect(404);
    await request(app).get('/api/health').expect(200);
    await new Promise((resolve) => setImmediate(resolve));
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: ok.headers['x-request-id'],
        req: { method: 'GET', url: '/api/config' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
      expect.objectContaining({
        level: 40,
        reqId: missing.headers['x-request-id'],
        req: { method: 'GET', url: '/api/no-such-thing' },
        res: { statusCode: 404 },
      }),
    ]);
  });

  it('logs a 503 (try again) as a warning, not an error', async () => {
    const { app, lines } = loggedApp({ gazetteer: { isReady: () => false } });
    await request(app).get('/api/places?q=Delhi').expect(503);
    await new Promise((resolve) => setImmediate(resolve));
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed).toEqual([expect.objectContaining({ level: 40, res: { statusCode: 503 } })]);
  });

  it('keeps personal data out of the logs: no query strings, no query values in errors', async () => {
    const text: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        text.push(chunk.toString());
        callback();
      },
    });
    const logger = createLogger('info', sink);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const app = createApp({ config, database: ctx.database, logger });
    const secrets = ['Ramesh Kumar', '9876543210', 'ramesh@example.org', '26.8467', 'xyzcode'];
    await request(app).get(`/api/places?q=${encodeURIComponent('Ramesh Kumar 9876543210')}`);
    await request(app).get('/api/places/reverse?lat=26.8467&lng=80.9462');
    await request(app).get('/api/auth/callback?code=xyzcode&state=xyzcode');
    await request(app).get('/api/places?q=ab%00ramesh@example.org');
    // A real failed statement: Drizzle's error carries the parameters in its message.
    const failure = await ctx.database.db
      .execute(sql`select ${'ramesh@example.org'}::int, ${'Ramesh Kumar'}::int`)
      .catch((error: unknown) => error);
    expect(String((failure as Error).message)).toContain('ramesh@example.org');
    logger.error({ err: failure }, 'unhandled error');
    logger.warn(
      { err: new Error('fetch failed for https://maps.example/api?q=9876543210&key=xyzcode') },
      'Google place search failed',
    );
    await new Promise((resolve) => setImmediate(resolve));
    const all = text.join('');
    expect(all).toContain('unhandled error');
    expect(all).toContain('request completed');
    for (const secret of secrets) expect(all).not.toContain(secret);
  });

  it('sends security headers', async () => {
    const res = await request(ctx.app).get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
    // Images only from the app and the map's tiles: markup that slipped into a page can neither
    // beacon elsewhere nor (with a same-origin image) reach anywhere a tile could not.
    const imgSrc = /img-src ([^;]*)/.exec(res.headers['content-security-policy'] as string)?.[1];
    expect(imgSrc?.split(' ').sort()).toEqual(
      ["'self'", 'blob:', 'data:', 'https://tile.openstreetmap.org'].sort(),
    );
    // Not served over https here, so no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('served over https', () => {
  it('sends HSTS and upgrades insecure requests; sign-in answers 503 when its provider is unreachable', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://almquest.invalid' });
    try {
      const res = await request(secure.app).get('/api/health');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      const login = await request(secure.app).get('/api/auth/login').expect(503);
      expect(login.body.error.message).toContain('Sign-in is unavailable');
    } finally {
      await secure.close();
    }
  });
});

describe('image sources', () => {
  it("allows the tile host (its subdomains too) and the identity provider's pictures only", () => {
    expect(tileSource('https://{s}.tiles.example.org/{z}/{x}/{y}.png')).toBe(
      'https://*.tiles.example.org',
    );
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileSource('//{s}.tile.osm.org/{z}/{x}/{y}.png')).toBe('https://*.tile.osm.org');
    expect(tileSource('https://tiles-{s}.example.org/{z}/{x}/{y}.png')).toBe(
      'https://*.example.org',
    );
    expect(tileSource('https://mt{s}.google.com/vt?x={x}')).toBe('https://*.google.com');
    const google = imageSources({
      map: { tileUrl: 'https://tile.example.org/{z}/{x}/{y}.png', attribution: '' },
      signIn: {
        kind: 'oidc',
        issuer: 'https://accounts.google.com',
        clientId: 'x',
        clientSecret: undefined,
      },
    });
    expect(google).toContain('https://*.googleusercontent.com');
    expect(google).toContain('https://tile.example.org');
    expect(google).not.toContain('https:');
  });
});

describe("the landing page's own sections", () => {
  it('are empty until saved, then served to anyone as saved; bad content is refused whole', async () => {
    const db = ctx.database.db;
    await db.execute(sql`delete from app_state where key = 'site_content'`);
    expect(await readSiteContent(db)).toEqual({
      testimonials: [],
      team: [],
      partners: [],
      social: [],
    });
    await expect(
      saveSiteContent(db, {
        ...demoSiteContent,
        social: [{ label: 'Click', href: 'javascript:alert(1)' }],
      }),
    ).rejects.toBeInstanceOf(ZodError);
    await expect(
      saveSiteContent(db, {
        ...demoSiteContent,
        team: [{ name: 'X', role: 'Boss', roleTitle: 'x' }],
      }),
    ).rejects.toBeInstanceOf(ZodError);
    expect(await readSiteContent(db)).toEqual({
      testimonials: [],
      team: [],
      partners: [],
      social: [],
    });

    await saveSiteContent(db, demoSiteContent);
    // The first ask in this file: nothing kept in memory yet.
    const res = await request(ctx.app).get('/api/site').expect(200);
    expect(res.headers['cache-control']).toContain('max-age=60');
    const served = SiteContentSchema.parse(res.body);
    expect(served.testimonials).toHaveLength(3);
    expect(served.team.map((m) => m.role)).toEqual(['Backend', 'Frontend', 'AI/ML', 'Content']);
    expect(served.social.length).toBeGreaterThan(0);
    // A row edited by hand into something else is not shown.
    await db.execute(sql`update app_state set value = '{"team": 5}' where key = 'site_content'`);
    expect((await readSiteContent(db)).team).toEqual([]);
  });
});
