import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../server/src/db/client';
import { ensureGazetteer } from '../server/src/modules/places/gazetteer';
import { makePeople, seedPeople } from '../server/scripts/seed';
import { makeUser, startBenchApp } from './app';
import { donationBurst } from './donations.bench';
import { type Benchmark, engines, round, settleAfterSeeding, stats, time } from './lib';
import { matchingMetrics, matchingTarget, measureMatching } from './matching.bench';

/** Distributors at each step; PGlite (the embedded default, for small deployments) stops sooner. */
const SIZES = {
  postgres: (process.env.BENCH_SCALE_SIZES ?? '10000,100000,1000000').split(',').map(Number),
  pglite: (process.env.BENCH_SCALE_PGLITE_SIZES ?? '10000,100000').split(',').map(Number),
};
/** Packages stored before the list pages are read (and as many notifications). */
const STORED = Number(process.env.BENCH_SCALE_PACKAGES ?? 1_000_000);
/** People whose lists are read: each holds STORED / OWNERS packages and notifications. */
const OWNERS = 1000;
const PAGE_SAMPLES = 300;

/**
 * Packages and notifications in bulk, spread over `owners` donors, most of them distributed long
 * ago as in a working city. The city trigger (a nearest-place lookup per package) is off while
 * they are written: it is the insert's cost, not the lists', and 1M lookups take many minutes.
 */
async function storePackages(db: AppDb, owners: string[], total: number): Promise<void> {
  const [distributor] = await queryRows<{ id: string }>(
    db,
    sql`select user_id as id from distributors limit 1`,
  );
  const ids = sql`array[${sql.join(
    owners.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  await db.execute(sql`alter table packages disable trigger packages_city`);
  try {
    for (let from = 1; from <= total; from += 100_000) {
      const to = Math.min(total, from + 99_999);
      await db.execute(sql`
        insert into packages (donor_id, donor_name, donor_phone, state, created_at, address, lat,
          lng, quantity, travel_capacity, distributor_id, distributor_name, distributor_phone,
          ready_until, warn_at, served_count, paired_at, received_at, distributed_at,
          cancelled_at, city)
        select (${ids})[1 + g % ${owners.length}], 'Bench donor', '9876543210', s.state,
          now() - (g % 700) * interval '1 day' - (g % 1440) * interval '1 minute',
          'Bench point', 28.6 + (g % 97) * 0.001, 77.2 + (g % 89) * 0.001, 1 + g % 60, 5,
          case when s.state = 'Distributed' then ${distributor!.id}::uuid end,
          case when s.state = 'Distributed' then 'Bench distributor' end,
          case when s.state = 'Distributed' then '9876543211' end,
          now() - (g % 700) * interval '1 day' + interval '3 hours',
          now() - (g % 700) * interval '1 day' + interval '90 minutes',
          case when s.state = 'Distributed' then 1 + g % 40 end,
          case when s.state = 'Distributed' then now() - (g % 700) * interval '1 day' end,
          case when s.state = 'Distributed' then now() - (g % 700) * interval '1 day' end,
          case when s.state = 'Distributed' then now() - (g % 700) * interval '1 day' end,
          case when s.state = 'Cancelled' then now() - (g % 700) * interval '1 day' end,
          'Delhi'
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (select case when g % 10 < 8 then 'Distributed'
                                        when g % 10 = 8 then 'Cancelled' else 'Expired' end
                                   as state) s`);
      await db.execute(sql`
        insert into notifications (user_id, package_id, state, user_type, kind, package_quantity,
          package_address, package_donated_at, counterpart_name, is_seen, created_at)
        select (${ids})[1 + g % ${owners.length}], null, 'Distributed', 'Donor',
          'distributed', 1 + g % 60, 'Bench point', now() - (g % 700) * interval '1 day',
          'Bench distributor', g % 3 <> 0, now() - (g % 700) * interval '1 day'
        from generate_series(${from}::int, ${to}::int) g`);
    }
  } finally {
    await db.execute(sql`alter table packages enable trigger packages_city`);
  }
  await db.execute(sql`analyze packages`);
  await db.execute(sql`analyze notifications`);
}

/**
 * How cost grows. At 10k, 100k and 1M distributors (PostgreSQL; PGlite to 100k):
 * matching one donation (as the matching benchmark) and donations through HTTP (as the donations
 * benchmark); then, with 1M packages and 1M notifications stored, the transactions list and the
 * notifications page (first page and the next, by cursor) as their owners read them.
 */
export const scaleBench: Benchmark = {
  name: 'scale',
  description: 'matching and donations at 10k/100k/1M distributors; list pages with 1M packages',
  async run(report) {
    for (const engine of engines()) {
      const { database, drop } = await engine.open();
      const db = database.db;
      const app = await startBenchApp(database);
      try {
        await ensureGazetteer(db);
        const donors: { id: string; cookie: string }[] = [];
        for (let i = 0; i < 20; i++)
          donors.push(await makeUser(database, 'donor', [28.6 + i * 0.001, 77.2]));
        let seeded = 0;
        const sizes = SIZES[engine.name];
        for (const size of sizes) {
          const [seedMs] = await time(() => seedPeople(db, makePeople(size, 0).slice(seeded)));
          seeded = size;
          await settleAfterSeeding(db, engine.name);
          const figures = await measureMatching(db);
          report({
            benchmark: 'scale',
            engine: engine.name,
            case: `matching, ${size.toLocaleString('en-US')} distributors`,
            metrics: { ...matchingMetrics(figures), 'seed s': round(seedMs / 1000, 0) },
            ...(engine.name === 'postgres' && size === 100_000 ? matchingTarget(figures) : {}),
          });
          const burst = await donationBurst(app, donors);
          report({
            benchmark: 'scale',
            engine: engine.name,
            case: `donations via HTTP, ${size.toLocaleString('en-US')} distributors`,
            metrics: {
              'donations/s': round(burst.requests.average, 0),
              'p99 ms': burst.latency.p99,
              errors: burst.non2xx + burst.errors,
            },
          });
        }

        const owners: { id: string; cookie: string }[] = [];
        for (let i = 0; i < OWNERS; i++)
          owners.push(await makeUser(database, 'donor', [28.6, 77.2 + i * 0.0001]));
        const [storeMs] = await time(() =>
          storePackages(
            db,
            owners.map((o) => o.id),
            STORED,
          ),
        );
        await db.execute(sql`analyze`);
        const pages = {
          'transactions, first page': [] as number[],
          'transactions, next page': [] as number[],
          'notifications, first page': [] as number[],
          'notifications, next page': [] as number[],
        };
        const read = async (path: string, cookie: string) => {
          const res = await fetch(`${app.baseUrl}${path}`, { headers: { Cookie: cookie } });
          if (!res.ok) throw new Error(`${path} answered ${res.status}`);
          return (await res.json()) as { nextCursor: string | number | null };
        };
        for (let i = 0; i < PAGE_SAMPLES; i++) {
          const owner = owners[(i * 37) % owners.length]!;
          const list = `/api/donor/${owner.id}/packages?limit=10`;
          const [first, body] = await time(() => read(list, owner.cookie));
          pages['transactions, first page'].push(first);
          if (body.nextCursor !== null) {
            const [next] = await time(() =>
              read(`${list}&cursor=${body.nextCursor}`, owner.cookie),
            );
            pages['transactions, next page'].push(next);
          }
          const notifs = `/api/donor/${owner.id}/getNotifs`;
          const [nFirst, nBody] = await time(() => read(notifs, owner.cookie));
          pages['notifications, first page'].push(nFirst);
          if (nBody.nextCursor !== null) {
            const [nNext] = await time(() =>
              read(`${notifs}?cursor=${nBody.nextCursor}`, owner.cookie),
            );
            pages['notifications, next page'].push(nNext);
          }
        }
        for (const [name, samples] of Object.entries(pages)) {
          if (samples.length === 0) continue;
          const s = stats(samples);
          report({
            benchmark: 'scale',
            engine: engine.name,
            case: `${name}, ${(STORED / 1e6).toLocaleString('en-US')}M packages stored, ${sizes.at(-1)!.toLocaleString('en-US')} distributors`,
            metrics: {
              'p50 ms': round(s.p50),
              'p99 ms': round(s.p99),
              'store s': round(storeMs / 1000, 0),
            },
            target: 'p99 < 20 ms',
            isTargetMet: s.p99 < 20,
          });
        }
      } finally {
        await app.close();
        await drop();
      }
    }
  },
};
