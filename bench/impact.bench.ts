import { sql } from 'drizzle-orm';
import { queryRows } from '../server/src/db/client';
import { foldImpactDeltas } from '../server/src/modules/impact/impact.service';
import { ensureGazetteer } from '../server/src/modules/places/gazetteer';
import { makeUser, startBenchApp } from './app';
import { type Benchmark, engines, round, stats, time } from './lib';

const PACKAGES = 100_000;
const REQUESTS = 300;

/** Cities the packages are spread over (pickup points near each), as the gazetteer names them. */
const CITIES: [number, number][] = [
  [28.63, 77.22],
  [19.07, 72.88],
  [12.97, 77.59],
  [13.08, 80.27],
  [22.57, 88.36],
  [17.38, 78.48],
  [23.02, 72.57],
  [26.85, 80.95],
  [18.52, 73.86],
  [26.91, 75.79],
  [25.32, 82.97],
  [21.15, 79.09],
];

/**
 * 10. Impact: GET /api/impact uncached over 100k packages of a year, every state,
 * a dozen cities, against a count over the packages table done per request (the alternative the
 * summary replaces), in the same run.
 */
export const impactBench: Benchmark = {
  name: 'impact',
  description: 'GET /api/impact p50/p99 uncached at 100k packages, vs a per-request count',
  async run(report) {
    for (const engine of engines()) {
      const { database, drop } = await engine.open();
      try {
        await ensureGazetteer(database.db);
        const distributor = await makeUser(database, 'distributor', [28.65, 77.2], 1_000_000);
        const cities = sql.raw(
          `(values ${CITIES.map(([lat, lng], i) => `(${i}, ${lat}, ${lng})`).join(', ')}) as c(i, lat, lng)`,
        );
        // Every state, in proportions like a working city's: most distributed.
        const [seedMs] = await time(() =>
          database.db.execute(sql`
            insert into packages (donor_name, donor_phone, state, created_at, address, lat, lng,
              quantity, travel_capacity, distributor_id, distributor_name, distributor_phone,
              ready_until, warn_at, offer_expires_at, served_count, paired_at, received_at,
              distributed_at, cancelled_at, expired_at)
            select 'Bench donor', '9876543210', s.state,
              now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute',
              'Bench point', c.lat + (g % 97) * 0.001, c.lng + (g % 89) * 0.001,
              1 + g % 60, 5,
              case when s.state in ('Not Paired', 'Cancelled', 'Expired') then null else ${distributor.id}::uuid end,
              case when s.state in ('Not Paired', 'Cancelled', 'Expired') then null else 'Bench distributor' end,
              case when s.state in ('Not Paired', 'Cancelled', 'Expired') then null else '9876543211' end,
              now() + interval '3 hours', now() + interval '90 minutes',
              case when s.state = 'Offered' then now() + interval '10 minutes' end,
              case when s.state = 'Distributed' then 1 + g % 40 end,
              case when s.state in ('Paired', 'Received', 'Distributed') then now() end,
              case when s.state in ('Received', 'Distributed') then now() end,
              case when s.state = 'Distributed' then now() end,
              case when s.state = 'Cancelled' then now() end,
              case when s.state = 'Expired' then now() end
            from generate_series(1, ${PACKAGES}) g
            cross join lateral (select case
              when g % 20 < 12 then 'Distributed' when g % 20 < 14 then 'Cancelled'
              when g % 20 < 16 then 'Expired' when g % 20 = 16 then 'Received'
              when g % 20 = 17 then 'Paired' when g % 20 = 18 then 'Offered'
              else 'Not Paired' end as state) s
            join ${cities} on c.i = g % ${CITIES.length}`),
        );
        const [foldMs, folded] = await time(() => foldImpactDeltas(database.db));
        // A minute of changes not folded yet, as readers usually find them.
        await database.db.execute(sql`
          update packages set state = 'Distributed', served_count = 10, distributed_at = now()
          where id in (select id from packages where state = 'Received' limit 500)`);
        const app = await startBenchApp(database, { IMPACT_CACHE_SECONDS: '0' });
        const get = async () => {
          const res = await fetch(`${app.baseUrl}/api/impact`);
          if (!res.ok) throw new Error(`GET /api/impact answered ${res.status}`);
          return (await res.json()) as { mealsDonated: number; citiesReached: number };
        };
        for (let i = 0; i < 20; i++) await get(); // warm up
        const samples: number[] = [];
        let last = await get();
        for (let i = 0; i < REQUESTS; i++) {
          const [took, body] = await time(get);
          samples.push(took);
          last = body;
        }
        // The alternative: count the packages on each request (the same figures, one statement).
        const scans: number[] = [];
        for (let i = 0; i < 30; i++) {
          const [took] = await time(() =>
            queryRows(
              database.db,
              sql`select state, count(*), sum(quantity), sum(served_count),
                    count(distinct city) filter (where state = 'Distributed')
                  from packages group by state`,
            ),
          );
          scans.push(took);
        }
        const [direct] = await queryRows<{ meals: number }>(
          database.db,
          sql`select coalesce(sum(quantity), 0)::float8 as meals from packages
              where state not in ('Cancelled', 'Expired')`,
        );
        await app.close();
        const s = stats(samples);
        const scan = stats(scans);
        report({
          benchmark: 'impact',
          engine: engine.name,
          case: `GET /api/impact, ${PACKAGES / 1000}k packages`,
          metrics: {
            'p50 ms': round(s.p50),
            'p99 ms': round(s.p99),
            'count-per-request p50 ms': round(scan.p50),
            'count / summary p50': round(scan.p50 / s.p50, 1),
            'seed s': round(seedMs / 1000, 1),
            'fold ms': round(foldMs),
            'deltas folded': folded,
            'cities reached': last.citiesReached,
            'agrees with a count': last.mealsDonated === direct?.meals ? 'yes' : 'NO',
          },
          target: 'p99 < 50 ms uncached; equal to a count over packages',
          isTargetMet: s.p99 < 50 && last.mealsDonated === direct?.meals,
        });
      } finally {
        await drop();
      }
    }
  },
};
