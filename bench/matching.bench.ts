import { sql } from 'drizzle-orm';
import { packages } from '../server/src/db/schema';
import { type AppDb, queryRows } from '../server/src/db/client';
import { tryMatchPackage } from '../server/src/matching/assign';
import { ensureGazetteer } from '../server/src/modules/places/gazetteer';
import { makePeople, seedPeople } from '../server/scripts/seed';
import { type Benchmark, engines, round, settleAfterSeeding, type Stats, stats, time } from './lib';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const SAMPLES = 300;
class Rollback extends Error {}

export type MatchingFigures = {
  match: Stats;
  donation: Stats;
  bare: Stats;
  /** How many of the samples found someone. */
  paired: number;
  samples: number;
};

/**
 * Matches `samples` donations where the seeded people are, each in a transaction rolled back (so
 * every sample sees the same loads), against the bare nearest-distributor query at the same
 * points. "match" is tryMatchPackage on a stored package; "whole donation" adds the transaction,
 * the package's insert and the end of the transaction.
 */
export async function measureMatching(db: AppDb, samples = SAMPLES): Promise<MatchingFigures> {
  const points = makePeople(samples, 0).map((p) => [p.lat, p.lng] as const);
  const donor = await queryRows<{ id: string }>(db, sql`select id from users limit 1`);
  const matchTimes: number[] = [];
  const donationTimes: number[] = [];
  const bareTimes: number[] = [];
  let paired = 0;
  for (const [lat, lng] of points) {
    const [bare] = await time(() =>
      queryRows(
        db,
        // The index matching walks (the distributors' own areas), from the point
        // as matching computes it: almquest_earth_point is ll_to_earth's arithmetic, inlined and
        // folded by the planner, where ll_to_earth is a SQL function it parses and plans at
        // every call (which made this baseline 8% slower than it need be).
        sql`
        select d.user_id from distributors d
        where d.lat is not null
        order by d.area_earth <-> almquest_earth_point(${lat}, ${lng}) limit 1`,
      ),
    );
    bareTimes.push(bare);
    const [took] = await time(() =>
      db
        .transaction(async (tx) => {
          const [pkg] = await tx
            .insert(packages)
            .values({
              donorId: donor[0]!.id,
              donorName: 'Bench',
              donorPhone: '9999999999',
              address: 'Bench',
              lat,
              lng,
              quantity: 5,
              travelCapacity: 8,
              readyUntil: new Date(Date.now() + 3 * 3_600_000),
              warnAt: new Date(Date.now() + 1.5 * 3_600_000),
              // With splitting on, as the donate form sends from 50 meals.
              allowSplit: true,
            })
            .returning();
          const [matchTook, outcome] = await time(() =>
            tryMatchPackage(tx, pkg!, {
              offerMs: 600_000,
              splitMinMeals: 10,
              splitMaxParts: 5,
              byRecord: true,
            }),
          );
          matchTimes.push(matchTook);
          if (outcome.isPaired) paired += 1;
          throw new Rollback();
        })
        .catch((e: unknown) => {
          if (!(e instanceof Rollback)) throw e;
        }),
    );
    donationTimes.push(took);
  }
  return {
    match: stats(matchTimes),
    donation: stats(donationTimes),
    bare: stats(bareTimes),
    paired,
    samples,
  };
}

/** The figures a matching row shows. */
export function matchingMetrics(f: MatchingFigures): Record<string, number> {
  return {
    'match p50 ms': round(f.match.p50),
    'match p99 ms': round(f.match.p99),
    'whole donation p50 ms': round(f.donation.p50),
    'whole donation p99 ms': round(f.donation.p99),
    'bare p50 ms': round(f.bare.p50),
    'ratio p50': round(f.match.p50 / f.bare.p50),
    'paired %': round((100 * f.paired) / f.samples, 0),
  };
}

/** The target for matching: PostgreSQL, 100k distributors (larger sizes are the curve). */
export function matchingTarget(f: MatchingFigures): { target: string; isTargetMet: boolean } {
  const ratio = f.match.p50 / f.bare.p50;
  return {
    target: `p99 < 10 ms (${f.match.p99 < 10 ? 'met' : 'missed'}) and ratio <= 3 (${ratio <= 3 ? 'met' : 'missed'})`,
    isTargetMet: f.match.p99 < 10 && ratio <= 3,
  };
}

/** 1. Matching at scale: one donation matched, against the bare nearest-distributor query. */
export const matchingBench: Benchmark = {
  name: 'matching',
  description: 'p50/p99 to match one donation vs the bare indexed nearest-distributor query',
  async run(report) {
    for (const engine of engines()) {
      const { database, drop } = await engine.open();
      const db = database.db;
      try {
        await ensureGazetteer(db);
        let seeded = 0;
        for (const size of SIZES) {
          await seedPeople(db, makePeople(size, 0).slice(seeded));
          seeded = size;
          await settleAfterSeeding(db, engine.name);
          const figures = await measureMatching(db);
          report({
            benchmark: 'matching',
            engine: engine.name,
            case: `${size.toLocaleString('en-US')} distributors`,
            metrics: matchingMetrics(figures),
            ...(engine.name === 'postgres' && size === 100_000 ? matchingTarget(figures) : {}),
          });
        }
      } finally {
        await drop();
      }
    }
  },
};
