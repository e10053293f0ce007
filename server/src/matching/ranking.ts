import { distanceKm, type LatLng } from './geometry';

/** What matching needs to know about a package. */
export type PackageToMatch = { location: LatLng; quantity: number; travelCapacityKm: number };

/** What matching needs to know about a distributor. */
export type Candidate = {
  id: string;
  location: LatLng;
  distanceRangeKm: number;
  maxCapacity: number;
  /** Meals of its Paired and Received packages. */
  openLoad: number;
  isActive: boolean;
  /** Null: never given a package, so it has been idle longest. */
  lastAssignedAt: Date | null;
  /** Their record: offers let lapse, pick-ups missed and collected (decision 034). */
  offersLapsed?: number;
  pickupsMissed?: number;
  pickupsCollected?: number;
};

/**
 * How far the reliable dispatch policy (decision 034) counts a distributor's record: up to three
 * kilometres, by the share of their turns that failed (a missed pick-up one, a lapsed offer half;
 * every collection counts, and one more as the benefit of the doubt). A newcomer's record is
 * clean; one miss in ten collections adds a quarter of a kilometre, one miss and nothing
 * collected a kilometre and a half. The same sums in the same order as almquest_match.sql.
 */
export function recordKm(candidate: Candidate): number {
  const failed = (candidate.pickupsMissed ?? 0) + (candidate.offersLapsed ?? 0) * 0.5;
  return (3 * failed) / ((candidate.pickupsCollected ?? 0) + failed + 1);
}

/**
 * Whether a distributor who accepts automatically gets each package as an offer for now: under
 * the reliable policy, while they have missed more pick-ups than they collected (decision 034;
 * almquest_claim_row.sql decides the same when it claims them). Besides this standing rule, the
 * claim also makes an offer of a package that would have them hold more packages at once than
 * they have ever collected, plus one (decision 035): that depends on the moment, so no profile
 * shows it as a pause.
 */
export const isAskedFirst = (
  d: { autoAccept: boolean; pickupsMissed: number; pickupsCollected: number },
  byRecord: boolean,
): boolean => d.autoAccept && byRecord && d.pickupsMissed > d.pickupsCollected;

/** The distance ranking goes by: with `byRecord`, lengthened by the distributor's record. */
export const rankedKm = (pkg: PackageToMatch, candidate: Candidate, byRecord: boolean): number =>
  distanceKm(pkg.location, candidate.location) + (byRecord ? recordKm(candidate) : 0);

/**
 * Distances are compared in whole millimetres (floored), so "as near" is a total order, and the
 * database ranks the same way (db/functions/almquest_match.sql, held to this by match-sql.test.ts).
 */
const millimetres = (km: number) => Math.floor(km * 1e6);

/** Rule 1: active and within reach of both; rule 2: room for the meals. */
export function isFeasible(pkg: PackageToMatch, candidate: Candidate): boolean {
  if (!candidate.isActive) return false;
  const d = distanceKm(pkg.location, candidate.location);
  return (
    d <= pkg.travelCapacityKm + candidate.distanceRangeKm &&
    candidate.openLoad + pkg.quantity <= candidate.maxCapacity
  );
}

/**
 * Orders feasible candidates, best first: nearest (to the millimetre; with `byRecord`, as
 * rankedKm has it); then the lower share of capacity in use after taking the package,
 * (L + q) / C; then the one idle longest; then id, so the order is total.
 */
export function compareCandidates(
  pkg: PackageToMatch,
  a: Candidate,
  b: Candidate,
  byRecord = false,
): number {
  const da = millimetres(rankedKm(pkg, a, byRecord));
  const db = millimetres(rankedKm(pkg, b, byRecord));
  if (da !== db) return da - db;
  const ra = (a.openLoad + pkg.quantity) / a.maxCapacity;
  const rb = (b.openLoad + pkg.quantity) / b.maxCapacity;
  if (ra !== rb) return ra - rb;
  const ta = a.lastAssignedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const tb = b.lastAssignedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  if (ta !== tb) return ta - tb;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The best feasible distributor for the package, or null when none can take it. */
export function chooseDistributor(
  pkg: PackageToMatch,
  candidates: readonly Candidate[],
  byRecord = false,
): Candidate | null {
  let best: Candidate | null = null;
  for (const candidate of candidates) {
    if (!isFeasible(pkg, candidate)) continue;
    if (!best || compareCandidates(pkg, candidate, best, byRecord) < 0) best = candidate;
  }
  return best;
}

/** How a big donation may be split, and whether ranking counts each distributor's record. */
export type SplitRules = { minMeals: number; maxParts: number; byRecord?: boolean };

/** One part of a split donation: who takes it and how many meals. */
export type SplitPart = { candidate: Candidate; quantity: number };

/** Meals a candidate can still take. */
export const roomOf = (candidate: Candidate) => candidate.maxCapacity - candidate.openLoad;

/**
 * When no one has room for the whole package: parts for the best candidates within reach that
 * have room for at least `minMeals`, ranked as ever (the load share compared as if each took the
 * smallest part), each filled as far as its room allows, best first, at most `maxParts` of them.
 * What is left (less than `minMeals`, or beyond the parts) is not in the plan: it waits.
 */
export function planSplit(
  pkg: PackageToMatch,
  candidates: readonly Candidate[],
  { minMeals, maxParts, byRecord = false }: SplitRules,
): SplitPart[] {
  const smallest: PackageToMatch = { ...pkg, quantity: minMeals };
  const usable = candidates
    .filter((c) => isFeasible(smallest, c))
    .sort((a, b) => compareCandidates(smallest, a, b, byRecord));
  const parts: SplitPart[] = [];
  let remaining = pkg.quantity;
  for (const candidate of usable) {
    if (parts.length >= maxParts || remaining < minMeals) break;
    const quantity = Math.min(roomOf(candidate), remaining);
    parts.push({ candidate, quantity });
    remaining -= quantity;
  }
  return parts;
}
