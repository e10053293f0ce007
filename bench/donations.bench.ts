import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/src/db/client';
import { type BenchApp, makeUser, startBenchApp } from './app';
import { type Benchmark, engines, round } from './lib';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
/** Clients at once for the throughput curve. */
const CURVE = [10, 50, 200];

/** Donations through HTTP from `donors` in turn, `connections` at a time, for BENCH_DURATION s. */
export function donationBurst(
  app: Pick<BenchApp, 'baseUrl'>,
  donors: { id: string; cookie: string }[],
  at: [number, number] = [28.6, 77.2],
  connections = 20,
): Promise<autocannon.Result> {
  let n = 0;
  return autocannon({
    url: `${app.baseUrl}/api/donor/donate`,
    connections,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const donor = donors[n++ % donors.length]!;
          return {
            ...req,
            headers: { ...req.headers, Cookie: donor.cookie, 'Content-Type': 'application/json' },
            body: JSON.stringify({
              donor_id: donor.id,
              quantity: 1 + (n % 5),
              travelCapacity: 8,
              location: { address: 'Bench point', coordinates: at },
            }),
          };
        },
      },
    ],
  });
}

/** 2. Donation throughput through HTTP, matching and notifications on; then no over-assignment. */
export const donationsBench: Benchmark = {
  name: 'donations',
  description: 'concurrent donations per second through HTTP, then the capacity invariant',
  async run(report) {
    for (const engine of engines()) {
      const { database, drop } = await engine.open();
      const app = await startBenchApp(database);
      try {
        const donors: { id: string; cookie: string }[] = [];
        for (let i = 0; i < 20; i++)
          donors.push(await makeUser(database, 'donor', [28.6 + i * 0.001, 77.2]));
        // Room for every donation of the run: a faster server must not run the
        // distributors full and then be measured on donations nobody can take.
        for (let i = 0; i < 50; i++)
          await makeUser(database, 'distributor', [28.6 + i * 0.002, 77.21], 600);
        const result = await donationBurst(app, donors);
        const [check] = await queryRows<{
          overloaded: number;
          mismatched: number;
          paired: number;
          total: number;
        }>(
          database.db,
          sql`
            select
              (select count(*) from distributors where open_load > max_capacity)::int as overloaded,
              (select count(*) from distributors d where d.open_load <> coalesce((select sum(quantity) from packages p where p.distributor_id = d.user_id and p.state in ('Paired','Received')), 0))::int as mismatched,
              (select count(*) from packages where state = 'Paired')::int as paired,
              (select count(*) from packages)::int as total`,
        );
        report({
          benchmark: 'donations',
          engine: engine.name,
          case: '20 donors, 50 distributors',
          metrics: {
            'donations/s': round(result.requests.average, 0),
            'p99 ms': result.latency.p99,
            errors: result.non2xx + result.errors,
            paired: `${check!.paired}/${check!.total}`,
            'over capacity': check!.overloaded + check!.mismatched,
          },
          target: 'no over-assignment',
          isTargetMet: check!.overloaded === 0 && check!.mismatched === 0 && result.non2xx === 0,
        });
        // Throughput as clients grow: it must not fall (requests queue rather than thrash).
        const curve: number[] = [];
        for (const connections of CURVE) {
          const run = await donationBurst(app, donors, [28.6, 77.2], connections);
          curve.push(run.requests.average);
          report({
            benchmark: 'donations',
            engine: engine.name,
            case: `${connections} clients at once`,
            metrics: {
              'donations/s': round(run.requests.average, 0),
              'p50 ms': run.latency.p50,
              'p99 ms': run.latency.p99,
              errors: run.non2xx + run.errors,
            },
            target: 'donations/s at 200 clients >= 0.8 x at 10',
            isTargetMet:
              connections !== CURVE[CURVE.length - 1] ||
              curve[curve.length - 1]! >= 0.8 * curve[0]!,
          });
        }
      } finally {
        await app.close();
        await drop();
      }
    }
  },
};
