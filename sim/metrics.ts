import { distanceKm } from '../server/src/matching/geometry';
import type { Observed } from './run';
import { addressOf, type World } from './world';

/** One package as the coordinators' export has it. */
type Row = Record<string, string>;

export function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** 0 when everyone has the same, towards 1 when one has everything. */
export function gini(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const total = sorted.reduce((a, b) => a + b, 0);
  if (!sorted.length || total === 0) return 0;
  const weighted = sorted.reduce((sum, v, i) => sum + (i + 1) * v, 0);
  return (2 * weighted) / (sorted.length * total) - (sorted.length + 1) / sorted.length;
}

const round = (x: number | null, digits = 3) =>
  x === null ? null : Math.round(x * 10 ** digits) / 10 ** digits;
const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

export type Figures = ReturnType<typeof figuresOf>;

/** The day's figures, from the export (what the app recorded) and what the simulation saw. */
export function figuresOf(rows: Row[], world: World, observed: Observed, dayStartMs: number) {
  const donorHome = new Map(world.donors.map((d) => [addressOf(d), d.at]));
  const distributorHome = new Map(world.distributors.map((d) => [d.name, d.at]));
  const meals = rows.reduce((sum, r) => sum + Number(r.quantity), 0);
  const inTime = new Set(
    rows.filter((r) => r.received_at && r.received_at <= (r.ready_until ?? '')),
  );
  const mealsRescued = [...inTime].reduce((sum, r) => sum + Number(r.quantity), 0);
  const count = (state: string) => rows.filter((r) => r.state === state).length;
  const toAccept = rows
    .filter((r) => r.paired_at)
    .map((r) => minutesBetween(r.created_at!, r.paired_at!));
  // Nobody had accepted with a third of the window left (as the app raises them to coordinators,
  // reckoned here from the export for both policies alike).
  const atRisk = rows.filter((r) => {
    const window = minutesBetween(r.created_at!, r.ready_until!);
    return !r.paired_at || minutesBetween(r.created_at!, r.paired_at) > (window * 2) / 3;
  }).length;
  const perDistributor = new Map(world.distributors.map((d) => [d.name, 0]));
  let km = 0;
  for (const r of inTime) {
    perDistributor.set(
      r.distributor_name!,
      (perDistributor.get(r.distributor_name!) ?? 0) + Number(r.quantity),
    );
    const from = distributorHome.get(r.distributor_name!);
    const to = donorHome.get(r.address!);
    if (from && to) km += distanceKm(from, to);
  }
  const notes = observed.notificationsPerDistributor;
  const hourly = Array.from({ length: 24 }, (_, hour) => ({ hour, donated: 0, rescued: 0 }));
  for (const r of rows) {
    const hour = Math.floor(minutesBetween(new Date(dayStartMs).toISOString(), r.created_at!) / 60);
    const slot = hourly[Math.min(23, Math.max(0, hour))]!;
    slot.donated += Number(r.quantity);
    if (inTime.has(r)) slot.rescued += Number(r.quantity);
  }
  // Why meals were not rescued: what became of each package not received in time.
  const mealsLost: Record<string, number> = {};
  for (const r of rows) {
    if (inTime.has(r)) continue;
    const why =
      observed.notCollected.get(r.id!) ??
      (r.paired_at ? 'pairedNotCollected' : r.state === 'Expired' ? 'nobodyAccepted' : r.state!);
    mealsLost[why] = (mealsLost[why] ?? 0) + Number(r.quantity);
  }
  return {
    donations: world.donations.length,
    packages: rows.length,
    meals,
    mealsRescued,
    mealsRescuedShare: round(meals ? mealsRescued / meals : 0),
    expiredShare: round(rows.length ? count('Expired') / rows.length : 0),
    cancelledShare: round(rows.length ? count('Cancelled') / rows.length : 0),
    minutesToFirstOffer: {
      median: round(percentile([...observed.firstOfferMinutes.values()], 50), 1),
      p90: round(percentile([...observed.firstOfferMinutes.values()], 90), 1),
    },
    minutesToAcceptance: {
      median: round(percentile(toAccept, 50), 1),
      p90: round(percentile(toAccept, 90), 1),
    },
    notificationsPerDistributorPerDay: {
      mean: round(notes.reduce((a, b) => a + b, 0) / Math.max(1, notes.length), 2),
      p95: percentile(notes, 95),
      max: Math.max(0, ...notes),
    },
    /** What the distributors were told, by kind, over the day. */
    notificationsByKind: Object.fromEntries(
      Object.entries(observed.notificationsByKind).sort(([a], [b]) => a.localeCompare(b)),
    ),
    giniMeals: round(gini([...perDistributor.values()])),
    kmPerMeal: round(mealsRescued ? km / mealsRescued : 0),
    packagesAtRisk: atRisk,
    /** Packages the app raised to coordinators, and offers a coordinator made on them by hand. */
    packagesRaised: observed.raised.size,
    coordinatorOffers: observed.coordinatorOffers,
    refusedDonations: observed.refusedDonations,
    mealsLost,
    hourly,
  };
}
