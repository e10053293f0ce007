import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../server/src/config';
import { openDatabase, queryRows } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { packages, users } from '../server/src/db/schema';
import { createLogger } from '../server/src/logger';
import { markPackage } from '../server/src/modules/packages/lifecycle/handover';
import { donate } from '../server/src/modules/packages/packages.service';
import { runUpkeep } from '../server/src/ops/upkeep';
import { makeUser, startBenchApp } from './app';
import { type Benchmark, round, stats } from './lib';

/** Packages taken through their whole lifecycle (donated, paired, received, distributed). */
const TOTAL = Number(process.env.BENCH_UPKEEP_PACKAGES ?? 100_000);
/** How often the folder and the latency are measured, and the upkeep run when it is on. */
const STEPS = 10;
/** Requests timed at each step, of each kind. */
const SAMPLES = 100;

/** Bytes under a folder, every file counted. */
async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/**
 * The embedded database over a long life: TOTAL packages taken through the whole pickup lifecycle
 * (the app's own donation, handover and distribution code) on PGlite in a data folder on disk,
 * once with the upkeep job's VACUUM (ANALYZE) after every tenth of them (as the daily job would
 * run between busy spells) and once without. At each tenth: the folder's size, and the latency of
 * a donation and a package page through HTTP. Without the upkeep the old row versions of every
 * update stay; with it they are reused, and the folder and latency level off.
 */
export const upkeepBench: Benchmark = {
  name: 'upkeep',
  description: `${TOTAL} package lifecycles on PGlite: data folder and latency, with and without upkeep`,
  async run(report) {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const logger = createLogger('silent');
    for (const withUpkeep of [false, true]) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'almquest-upkeep-'));
      const database = await openDatabase({ kind: 'pglite', dataDir });
      await migrate(database.db);
      const app = await startBenchApp(database);
      try {
        const at: [number, number] = [28.6, 77.2];
        const donors: { id: string; cookie: string }[] = [];
        for (let i = 0; i < 20; i++) donors.push(await makeUser(database, 'donor', at));
        const distributors = [];
        for (let i = 0; i < 20; i++)
          distributors.push(await makeUser(database, 'distributor', [at[0] + 0.002 * i, at[1]]));
        // Long records: every package is paired at once, never offered (decision 035).
        await database.db.execute(sql`update distributors set pickups_collected = 1000`);
        const rows = await database.db
          .select()
          .from(users)
          .where(
            sql`${users.id} in (${sql.join(
              [...donors, ...distributors].map((p) => sql`${p.id}::uuid`),
              sql`, `,
            )})`,
          );
        const userRow = new Map(rows.map((r) => [r.id, r]));

        /** One package from donation to distributed, by the app's own functions. */
        async function lifecycle(n: number): Promise<string> {
          const donor = userRow.get(donors[n % donors.length]!.id)!;
          const { package: pkg } = await donate(
            database.db,
            donor,
            {
              quantity: 1 + (n % 9),
              travelCapacity: 8,
              location: { address: 'Bench point', coordinates: at },
            },
            config.matching,
          );
          const holder = userRow.get(pkg.distributorId!)!;
          const [{ code } = { code: null }] = await database.db
            .select({ code: packages.handoverCode })
            .from(packages)
            .where(eq(packages.id, pkg.id));
          const mark = { donorId: donor.id, distributorId: holder.id, packageId: pkg.id };
          await markPackage(database.db, holder, {
            ...mark,
            state: 'Received',
            code: code ?? undefined,
          });
          await markPackage(database.db, holder, { ...mark, state: 'Distributed', servedCount: 5 });
          return pkg.id;
        }

        /** Latency of a donation and of its package page, through HTTP, SAMPLES of each. */
        async function sample() {
          const donating: number[] = [];
          const reading: number[] = [];
          for (let i = 0; i < SAMPLES; i++) {
            const donor = donors[i % donors.length]!;
            let started = performance.now();
            const res = await fetch(`${app.baseUrl}/api/donor/donate`, {
              method: 'POST',
              headers: { Cookie: donor.cookie, 'Content-Type': 'application/json' },
              body: JSON.stringify({
                donor_id: donor.id,
                quantity: 2,
                travelCapacity: 8,
                location: { address: 'Bench point', coordinates: at },
              }),
            });
            const { package: pkg } = (await res.json()) as { package: { _id: string } };
            donating.push(performance.now() - started);
            started = performance.now();
            const page = await fetch(`${app.baseUrl}/api/package/${pkg._id}`, {
              headers: { Cookie: donor.cookie },
            });
            await page.arrayBuffer();
            reading.push(performance.now() - started);
            // Cancelled by the donor, so the samples hold nobody's room.
            const cancelled = await fetch(`${app.baseUrl}/api/package/${pkg._id}/cancel`, {
              method: 'POST',
              headers: { Cookie: donor.cookie, 'Content-Type': 'application/json' },
              body: '{}',
            });
            if (cancelled.status !== 200) throw new Error(`cancel answered ${cancelled.status}`);
          }
          return { donating: stats(donating), reading: stats(reading) };
        }

        let done = 0;
        const upkeepMs: number[] = [];
        const started = performance.now();
        for (let step = 1; step <= STEPS; step++) {
          const until = Math.round((TOTAL * step) / STEPS);
          for (; done < until; done++) await lifecycle(done);
          if (withUpkeep) upkeepMs.push((await runUpkeep(database.db, logger)).ms);
          // PGlite writes its pages to the folder as it goes; a checkpoint puts all of them there.
          await database.db.execute(sql`checkpoint`);
          const bytes = await folderBytes(dataDir);
          // Old row versions nobody can see any more, and the most updated table's size (each
          // pairing and handover changes its distributor's load).
          const [churn] = await queryRows<{ dead: number; distributors: number }>(
            database.db,
            sql`select (select coalesce(sum(n_dead_tup), 0) from pg_stat_user_tables)::bigint::float8 as dead,
                       pg_total_relation_size('distributors')::float8 as distributors`,
          );
          const latency = await sample();
          report({
            benchmark: 'upkeep',
            engine: 'pglite',
            case: `${withUpkeep ? 'with' : 'without'} upkeep, ${done} lifecycles`,
            metrics: {
              'folder MB': round(bytes / 2 ** 20, 1),
              'dead rows': churn!.dead,
              'distributors table KB': round(churn!.distributors / 1024, 0),
              'donate p50 ms': round(latency.donating.p50, 1),
              'donate p99 ms': round(latency.donating.p99, 1),
              'page p50 ms': round(latency.reading.p50, 1),
              'page p99 ms': round(latency.reading.p99, 1),
              ...(withUpkeep ? { 'upkeep s': round(upkeepMs.at(-1)! / 1000, 1) } : {}),
              'minutes so far': round((performance.now() - started) / 60_000, 1),
            },
          });
        }
      } finally {
        await app.close();
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  },
};
