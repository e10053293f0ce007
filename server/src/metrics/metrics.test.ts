import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetArea, nextPatches } from '../test/areas';
import { createDistributor, createDonor, donate } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

const TOKEN = 'metrics-test-token-0123456789';
const OPS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../ops');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
  await forgetArea(ctx.database.db, 'metrics');
});
afterAll(() => ctx.close());

const area = nextPatches('metrics');

const scrape = async () => {
  const res = await request(ctx.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  return res.text;
};

/** One sample's value from the exposition, or undefined when the series is not there. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(labels ? `${name}{${labels}} ` : `${name} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** promtool from Debian's prometheus package; CI installs it (.ci/run), and must have it. */
function promtool(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v promtool'], { encoding: 'utf8' });
  const path = found.stdout.trim();
  if (path) return path;
  if (process.env.CI) throw new Error('promtool is missing: .ci/run installs prometheus');
  return null;
}

describe('GET /metrics', () => {
  it('answers only the metrics token, as a bearer token', async () => {
    await request(ctx.app).get('/metrics').expect(401);
    await request(ctx.app).get('/metrics').set('Authorization', 'Bearer wrong').expect(401);
    await request(ctx.app).get('/metrics').set('Authorization', TOKEN).expect(401);
    await request(ctx.app).get('/metrics').set('Authorization', `Basic ${TOKEN}`).expect(401);
    // The scheme in any case (RFC 9110).
    await request(ctx.app).get('/metrics').set('Authorization', `bearer ${TOKEN}`).expect(200);
    const res = await request(ctx.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // Only at exactly /metrics, which a proxy's `location = /metrics` rule covers.
    for (const other of ['/METRICS', '/Metrics', '/metrics/']) {
      const elsewhere = await request(ctx.app).get(other).set('Authorization', `Bearer ${TOKEN}`);
      expect(elsewhere.text, other).not.toContain('# TYPE');
      expect(elsewhere.headers['content-type'] ?? '', other).not.toContain('version=0.0.4');
    }
  });

  it('is not there at all without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      await request(plain.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
    } finally {
      await plain.close();
    }
  });

  it('counts requests by route pattern, matching, packages by state and timeline events', async () => {
    const at = area();
    const donor = await createDonor(ctx, { location: at(0) });
    await createDistributor(ctx, { location: at(2) });
    const before = await scrape();
    const pkg = await donate(ctx, donor, { quantity: 4 });
    await request(ctx.app).get(`/api/package/${pkg._id}`).set('Cookie', donor.cookie).expect(200);
    await request(ctx.app).get('/api/no-such-thing').expect(404);
    // A refusal answered by the app's error handler keeps its route's pattern.
    await request(ctx.app)
      .post('/api/donor/donate')
      .set('Cookie', donor.cookie)
      .send({ quantity: 'many' })
      .expect(400);
    const after = await scrape();

    // One series per route pattern, never per id.
    const read = 'method="GET",route="/api/package/:id",status="200"';
    expect(sample(after, 'http_request_duration_seconds_count', read)).toBe(
      (sample(before, 'http_request_duration_seconds_count', read) ?? 0) + 1,
    );
    expect(after).not.toContain(pkg._id);
    expect(
      sample(
        after,
        'http_request_duration_seconds_count',
        'method="POST",route="/api/donor/donate",status="400"',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        after,
        'http_request_duration_seconds_count',
        'method="GET",route="unmatched",status="404"',
      ),
    ).toBeGreaterThanOrEqual(1);
    // The donation was matched once, and paired or offered.
    const matched = (text: string) =>
      (sample(text, 'almquest_match_duration_seconds_count', 'outcome="Paired"') ?? 0) +
      (sample(text, 'almquest_match_duration_seconds_count', 'outcome="Offered"') ?? 0);
    expect(matched(after)).toBe(matched(before) + 1);
    // The whole service's figures, from the database: at least this donation's, since other
    // test files donate into the same database meanwhile (an exact count failed in CI once).
    const state = pkg.current_state;
    expect(sample(after, 'almquest_packages', `state="${state}"`)).toBeGreaterThanOrEqual(
      (sample(before, 'almquest_packages', `state="${state}"`) ?? 0) + 1,
    );
    expect(sample(after, 'almquest_package_events', 'kind="created"')).toBeGreaterThanOrEqual(
      (sample(before, 'almquest_package_events', 'kind="created"') ?? 0) + 1,
    );
    // Counted afresh at each scrape, so scrapes at once agree with the table (other test
    // files may add events meanwhile).
    const created = async () =>
      (
        await queryRows<{ n: number }>(
          ctx.database.db,
          sql`select count(*)::int as n from package_events where kind = 'created'`,
        )
      )[0]!.n;
    const least = await created();
    const together = await Promise.all([scrape(), scrape(), scrape()]);
    const most = await created();
    for (const text of together) {
      const seen = sample(text, 'almquest_package_events', 'kind="created"')!;
      expect(seen).toBeGreaterThanOrEqual(least);
      expect(seen).toBeLessThanOrEqual(most);
    }
    // A state no package is in says 0, not nothing.
    expect(sample(after, 'almquest_packages', 'state="Cancelled"')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'almquest_database_up')).toBe(1);
    expect(sample(after, 'almquest_live_connections')).toBe(0);
    // Node's own: the event loop's lag.
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it('labels a path by its pattern whatever its case, and counts every outcome from zero', async () => {
    const before = await scrape();
    for (const path of ['/API/health/live', '/Api/health/live', '/api/health/live'])
      await request(ctx.app).get(path).expect(200);
    const after = await scrape();
    const live = 'method="GET",route="/api/health/live",status="200"';
    expect(sample(after, 'http_request_duration_seconds_count', live)).toBe(
      (sample(before, 'http_request_duration_seconds_count', live) ?? 0) + 3,
    );
    expect(after).not.toMatch(/route="\/A[Pp][Ii]/);
    // No delivery has failed yet, and a failure's first increase must show: 0, not missing.
    expect(
      sample(after, 'almquest_deliveries_total', 'channel="email",outcome="failed"'),
    ).toBeGreaterThanOrEqual(0);
    expect(
      sample(after, 'almquest_deliveries_total', 'channel="push",outcome="gone"'),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'almquest_deadlines_total', 'kind="raised"')).toBeGreaterThanOrEqual(0);
  });

  it('leaves out the database’s figures it could not read, rather than saying 0', async () => {
    const own = await createTestApp({ METRICS_TOKEN: TOKEN }, {}, 'pglite');
    try {
      const read = async () =>
        (await request(own.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200))
          .text;
      expect(sample(await read(), 'almquest_packages_at_risk')).toBe(0);
      // The packages cannot be counted (as when the database does not answer in time).
      await own.database.db.execute(sql`alter table packages rename to packages_away`);
      try {
        const text = await read();
        expect(sample(text, 'almquest_packages_at_risk')).toBeUndefined();
        expect(sample(text, 'almquest_packages_expired_unpaired')).toBeUndefined();
        expect(text).not.toContain('# TYPE almquest_packages_at_risk ');
        // Every SMS and WhatsApp outcome counts from zero too.
        expect(sample(text, 'almquest_deliveries_total', 'channel="sms",outcome="failed"')).toBe(0);
      } finally {
        await own.database.db.execute(sql`alter table packages_away rename to packages`);
      }
    } finally {
      await own.close();
    }
  });

  it('passes promtool’s check of the exposition format', async (test) => {
    const tool = promtool();
    if (!tool) return test.skip();
    const checked = spawnSync(tool, ['check', 'metrics'], {
      input: await scrape(),
      encoding: 'utf8',
    });
    // promtool exits 1 on an exposition it cannot parse, 3 on lint findings alone (prom-client's
    // own nodejs_active_*_total gauges were one, until left out): an operator's check passes.
    expect(checked.stderr + checked.stdout).toBe('');
    expect(checked.status).toBe(0);
  });

  it('has every metric the alert rules and the dashboard ask for', async () => {
    const text = await scrape();
    const known = new Set([...text.matchAll(/^# TYPE (\w+) /gm)].map((m) => m[1]!));
    const rules = readFileSync(path.join(OPS, 'prometheus/alerts.yml'), 'utf8');
    const dashboard = readFileSync(path.join(OPS, 'grafana/almquest.json'), 'utf8');
    const asked = [...`${rules}\n${dashboard}`.matchAll(/\b((?:almquest|http|nodejs)_\w+)/g)].map(
      (m) => m[1]!.replace(/_(?:bucket|count|sum)$/, ''),
    );
    expect(asked.length).toBeGreaterThan(10);
    expect([...new Set(asked)].filter((name) => !known.has(name))).toEqual([]);
  });
});

describe('the alert rules (ops/prometheus)', () => {
  it('pass promtool’s check and fire in its unit tests when they should', (test) => {
    const tool = promtool();
    if (!tool) return test.skip();
    const dir = path.join(OPS, 'prometheus');
    for (const args of [
      ['check', 'rules', 'alerts.yml'],
      ['test', 'rules', 'alerts.test.yml'],
    ]) {
      const run = spawnSync(tool, args, { cwd: dir, encoding: 'utf8' });
      expect(run.status, run.stdout + run.stderr).toBe(0);
    }
  });
});
