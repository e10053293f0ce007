import { CO2E_FACTOR, type Impact, type PersonalImpact } from '@almquest/contracts/impact';
import { PACKAGE_STATES, type PackageState } from '@almquest/contracts/packages';
import { sql } from 'drizzle-orm';
import { type AppDb, type Executor, queryRows } from '../../db/client';

/** Meals distributed, as kg CO2e avoided (the factor and its source are in CO2E_FACTOR). */
export function co2eOf(mealsDistributed: number): number {
  return (
    Math.round(mealsDistributed * CO2E_FACTOR.kgFoodPerMeal * CO2E_FACTOR.kgCo2ePerKgFood * 10) / 10
  );
}

/** States in their lifecycle order (Not Paired first), as the charts show them. */
function inStateOrder<T extends { state: PackageState }>(rows: T[]): T[] {
  return [...rows].sort(
    (a, b) => PACKAGE_STATES.indexOf(a.state) - PACKAGE_STATES.indexOf(b.state),
  );
}

type ImpactRow = {
  by_state: { state: PackageState; packages: number; meals: number; served: number }[] | null;
  weeks: { week: string; donated: number; distributed: number }[] | null;
  cities: { city: string; meals: number; packages: number }[] | null;
  cities_reached: number;
  active: number;
  licensed: number;
  disposed: number;
};

const NOT_COUNTED = sql`('Cancelled', 'Expired')`;

/**
 * The public figures, from the impact summary (impact_totals plus the deltas not folded in yet):
 * a few thousand rows at most, however many packages there are. One round trip.
 */
export async function countImpact(db: Executor): Promise<Impact> {
  const [row] = await queryRows<ImpactRow>(
    db,
    sql`with t as (
        select week, state, city, packages, meals, served from impact_totals
        union all
        select week, state, city, packages, meals, served from impact_deltas
      ),
      by_state as (
        select state, sum(packages)::float8 as packages, sum(meals)::float8 as meals,
               sum(served)::float8 as served
        from t group by state having sum(packages) <> 0
      ),
      weeks as (
        select to_char(w.local, 'YYYY-MM-DD') as week,
               coalesce(sum(t.meals) filter (where t.state not in ${NOT_COUNTED}), 0)::float8 as donated,
               coalesce(sum(t.meals) filter (where t.state = 'Distributed'), 0)::float8 as distributed
        -- Counted on India's calendar, whatever the database session's time zone (a zone with
        -- summer time would shift a series of timestamptz weeks by an hour).
        from generate_series(date_trunc('week', now() at time zone 'Asia/Kolkata') - interval '11 weeks',
                             date_trunc('week', now() at time zone 'Asia/Kolkata'), interval '1 week') as w(local)
        left join t on t.week = w.local at time zone 'Asia/Kolkata'
        group by w.local order by w.local
      ),
      cities as (
        select city, sum(meals)::float8 as meals, sum(packages)::float8 as packages
        from t where state = 'Distributed' and city <> ''
        group by city having sum(packages) > 0
      )
      select
        (select json_agg(by_state order by state) from by_state) as by_state,
        (select json_agg(weeks) from weeks) as weeks,
        (select json_agg(c) from (select * from cities order by meals desc, city limit 10) c) as cities,
        (select count(*)::int from cities) as cities_reached,
        (select count(*)::int from distributors d join users u on u.id = d.user_id
          where d.is_active and u.user_type = 'distributor' and u.suspended_at is null) as active,
        -- From the two partial indexes (decision 042): licensed sources, and unfit food disposed of.
        (select coalesce(sum(quantity - coalesce(disposed_quantity, 0)), 0)::float8 from packages
          where state = 'Distributed' and donor_licensed) as licensed,
        (select coalesce(sum(disposed_quantity), 0)::float8 from packages
          where disposed_quantity is not null) as disposed`,
  );
  const byState = inStateOrder(row?.by_state ?? []);
  const sumOf = (pick: (s: (typeof byState)[number]) => number, states?: PackageState[]) =>
    byState
      .filter((s) =>
        states ? states.includes(s.state) : !['Cancelled', 'Expired'].includes(s.state),
      )
      .reduce((total, s) => total + pick(s), 0);
  // The summary's meals leave out meals disposed of as unfit (almquest_package_written): those
  // are counted apart.
  const mealsDistributed = sumOf((s) => s.meals, ['Distributed']);
  return {
    mealsDonated: sumOf((s) => s.meals),
    mealsDistributed,
    mealsFromLicensedSources: row?.licensed ?? 0,
    mealsDisposed: row?.disposed ?? 0,
    packagesDistributed: sumOf((s) => s.packages, ['Distributed']),
    peopleServed: sumOf((s) => s.served, ['Distributed']),
    activeDistributors: row?.active ?? 0,
    citiesReached: row?.cities_reached ?? 0,
    packagesByState: byState.map(({ state, packages, meals }) => ({ state, packages, meals })),
    weeks: (row?.weeks ?? []).map((w) => ({
      week: w.week,
      mealsDonated: w.donated,
      mealsDistributed: w.distributed,
    })),
    topCities: (row?.cities ?? []).map((c) => ({
      city: c.city,
      mealsDistributed: c.meals,
      packagesDistributed: c.packages,
    })),
    co2e: {
      kgAvoided: co2eOf(mealsDistributed),
      kgCo2ePerKgFood: CO2E_FACTOR.kgCo2ePerKgFood,
      kgFoodPerMeal: CO2E_FACTOR.kgFoodPerMeal,
      source: CO2E_FACTOR.source,
      sourceUrl: CO2E_FACTOR.sourceUrl,
    },
    countedAt: new Date().toISOString(),
  };
}

/**
 * Moves the impact deltas into the totals (a background job, every minute): readers add the
 * deltas anyway, so this only keeps them few.
 */
export async function foldImpactDeltas(db: AppDb): Promise<number> {
  const [row] = await queryRows<{ moved: number }>(db, sql`select fold_impact_deltas() as moved`);
  return Number(row?.moved ?? 0);
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

type PersonalRow = {
  by_state: { state: PackageState; packages: number; meals: number }[] | null;
  months: { month: string; meals: number }[] | null;
};

/**
 * One person's own figures: their donations (a donor) or the packages they were given (a
 * distributor), from the per-person indexes on packages.
 */
export async function personalImpact(
  db: AppDb,
  user: { id: string; userType: 'donor' | 'distributor' },
): Promise<PersonalImpact> {
  const mine =
    user.userType === 'donor'
      ? sql`p.donor_id = ${user.id}`
      : sql`p.distributor_id = ${user.id} and p.state in ('Paired', 'Received', 'Distributed')`;
  const [row] = await queryRows<PersonalRow>(
    db,
    sql`with mine as (select state, quantity - coalesce(disposed_quantity, 0) as quantity, created_at
                    from packages p where ${mine}),
      by_state as (
        select state, count(*)::float8 as packages, sum(quantity)::float8 as meals
        from mine group by state
      ),
      months as (
        select to_char(m.month, 'YYYY-MM') as month,
               coalesce(sum(mine.quantity) filter (where mine.state not in ${NOT_COUNTED}), 0)::float8 as meals
        from generate_series(date_trunc('month', now() at time zone 'Asia/Kolkata') - interval '11 months',
                             date_trunc('month', now() at time zone 'Asia/Kolkata'), interval '1 month') as m(month)
        left join mine on date_trunc('month', mine.created_at at time zone 'Asia/Kolkata') = m.month
        group by m.month order by m.month
      )
      select (select json_agg(by_state order by state) from by_state) as by_state,
             (select json_agg(months) from months) as months`,
  );
  const byState = inStateOrder(row?.by_state ?? []);
  const meals = byState
    .filter((s) => !['Cancelled', 'Expired'].includes(s.state))
    .reduce((total, s) => total + s.meals, 0);
  const mealsDistributed = byState
    .filter((s) => s.state === 'Distributed')
    .reduce((total, s) => total + s.meals, 0);
  return {
    meals,
    mealsDistributed,
    packagesByState: byState,
    months: row?.months ?? [],
    kgCo2eAvoided: co2eOf(mealsDistributed),
  };
}
