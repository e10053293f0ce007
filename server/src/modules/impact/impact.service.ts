import type { Impact } from '@almquest/contracts/impact';
import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';

type Totals = { meals: number; distributed: number; active: number };

/** The public totals, counted now. */
export async function countImpact(db: AppDb): Promise<Impact> {
  const [row] = await queryRows<Totals>(
    db,
    sql`select
      (select coalesce(sum(quantity), 0)::float8 from packages where state not in ('Cancelled', 'Expired')) as meals,
      (select count(*)::int from packages where state = 'Distributed') as distributed,
      (select count(*)::int from distributors d join users u on u.id = d.user_id
        where d.is_active and u.user_type = 'distributor') as active`,
  );
  return {
    mealsDonated: Number(row?.meals ?? 0),
    packagesDistributed: row?.distributed ?? 0,
    activeDistributors: row?.active ?? 0,
    countedAt: new Date().toISOString(),
  };
}

/**
 * The totals, counted at most once a minute per process: the landing page asks on every visit,
 * and a minute-old figure is as good as a fresh one there.
 */
export function cachedImpact(db: AppDb, maxAgeMs = 60_000) {
  let cached: { value: Impact; at: number } | null = null;
  let pending: Promise<Impact> | null = null;
  return async (): Promise<Impact> => {
    if (cached && Date.now() - cached.at < maxAgeMs) return cached.value;
    pending ??= countImpact(db)
      .then((value) => {
        cached = { value, at: Date.now() };
        return value;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}
