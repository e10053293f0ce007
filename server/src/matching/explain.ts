import type { Explanation, WhyYou } from '@almquest/contracts/packages';
import { DISTANCE_RANGE_MAX_KM } from '@almquest/contracts/users';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client';
import type { PackageRow } from '../db/rows';
import { ExpiringMap } from '../lib/expiring-map';
import { distributors } from '../db/schema';
import { distanceKm } from './geometry';
import { meetPointBeforeAccepting } from '../db/notifications';
import { cannotTakeSql, hasTurnedDown, type MatchSettings } from './assign';
import { rankingKmSql, withinReachSql } from './reach';

/**
 * "Widen to N km" is suggested only for a trip a donor can make before the pick-up time: at
 * about 30 km/h, city streets and highway together (300 km was
 * offered for a 3-hour pick-up), and never beyond 50 km.
 */
const WIDEN_KMH = 30;
const WIDEN_SUGGEST_MAX_KM = 50;

type CountsRow = {
  within_reach: number;
  active: number;
  turned_down: number;
  with_room: number;
  largest_now: number | null;
  split_room: number | null;
};

type NearestRow = { distance_km: number; travel_km: number };

/**
 * Why a Not Paired package still waits, with the rules matching uses (the same reach
 * predicate, activity, suspension, diet, room, and "never offered again after giving it back"),
 * and what the donor could do: travel farther (to the nearest distributor with room that is out
 * of reach, if the farthest travel allowed reaches them), allow splitting (when parts would find
 * room), or wait until the pick-up time. Counts and whole kilometres only: never who.
 */
export async function explainWaiting(
  db: Executor,
  pkg: PackageRow,
  settings: MatchSettings,
): Promise<Explanation> {
  const at = sql`ll_to_earth(${pkg.lat}, ${pkg.lng})`;
  const area = sql`u.area_earth`;
  const km = rankingKmSql(area, at);
  // Nobody reaches farther than the largest range anyone has (read from its index): the search
  // box is no bigger than that needs, not the most any range may be.
  const largestRange = sql`(select coalesce(max(distance_range), 0) from ${distributors})`;
  // Could take it with room for `meals` (almquest_cannot_take, as matching asks).
  const takes = (meals: number) => sql`${cannotTakeSql(pkg, meals)} is null`;
  const [counts] = await queryRows<CountsRow>(
    db,
    sql`select count(*)::int as within_reach,
               count(*) filter (where d.is_active)::int as active,
               count(*) filter (where d.is_active and ${hasTurnedDown(pkg, sql`u.id`)})::int as turned_down,
               count(*) filter (where ${takes(pkg.quantity)})::int as with_room,
               max(d.max_capacity - d.open_load) filter (where ${takes(1)})::int as largest_now,
               sum(least(d.max_capacity - d.open_load, ${pkg.quantity}))
                 filter (where ${takes(settings.splitMinMeals)})::float8 as split_room
        from users u join distributors d on d.user_id = u.id
        where u.user_type = 'distributor' and u.lat is not null and u.suspended_at is null
          and ${withinReachSql({
            center: at,
            other: area,
            boxKm: sql`${pkg.travelCapacity}::float8 + ${largestRange}`,
            reachKm: sql`${pkg.travelCapacity} + d.distance_range`,
          })}`,
  );
  // The one with room for all of it that the least extra travel would reach (their distance
  // less their own range), among those a trip before the pick-up time could reach at all: a
  // bounded search of the GiST index, never a walk over every distributor.
  const hoursLeft = Math.max(0, pkg.readyUntil.getTime() - Date.now()) / 3_600_000;
  const maxTravel = Math.floor(
    Math.min(DISTANCE_RANGE_MAX_KM, WIDEN_SUGGEST_MAX_KM, hoursLeft * WIDEN_KMH),
  );
  const [nearest] =
    maxTravel > pkg.travelCapacity
      ? await queryRows<NearestRow>(
          db,
          sql`select ${km}::float8 as distance_km, (${km} - d.distance_range)::float8 as travel_km
              from users u join distributors d on d.user_id = u.id
              where u.user_type = 'distributor' and u.lat is not null and u.suspended_at is null
                and ${takes(pkg.quantity)}
                and ${withinReachSql({
                  center: at,
                  other: area,
                  boxKm: sql`${maxTravel}::float8 + ${largestRange}`,
                  reachKm: sql`${maxTravel} + d.distance_range`,
                })}
                and ${km} > ${pkg.travelCapacity} + d.distance_range
              order by travel_km, distance_km
              limit 1`,
        )
      : [];
  // Both figures from the same distributor (never the nearest's distance with another's travel).
  // In whole kilometres, the fewest that reach them (2.5 km of travel and 2.8 needed: 3, not 3.5).
  const travelKm = nearest
    ? Math.max(Math.ceil(nearest.travel_km), Math.floor(pkg.travelCapacity) + 1)
    : null;
  const canWiden = travelKm !== null && travelKm <= maxTravel;
  const c = counts ?? {
    within_reach: 0,
    active: 0,
    turned_down: 0,
    with_room: 0,
    largest_now: null,
    split_room: null,
  };
  const suggestions: Explanation['suggestions'] = [];
  if (canWiden) suggestions.push({ kind: 'widen', travelCapacity: travelKm });
  if (
    !pkg.allowSplit &&
    pkg.quantity >= settings.splitMinMeals &&
    (c.split_room ?? 0) >= settings.splitMinMeals
  ) {
    suggestions.push({ kind: 'split' });
  }
  suggestions.push({ kind: 'wait', until: pkg.readyUntil.toISOString() });
  return {
    withinReach: c.within_reach,
    active: c.active,
    turnedDown: c.turned_down,
    withRoom: c.with_room,
    largestNow: c.largest_now,
    nearestOutOfReach:
      canWiden && nearest ? { distanceKm: Math.round(nearest.distance_km), travelKm } : null,
    partsAtLimit: await partsAtLimit(db, pkg, settings),
    suggestions,
  };
}

/** How long one package's explanation is reused, and how many packages' are kept. */
const EXPLANATION_TTL_MS = 15_000;
const EXPLANATIONS_KEPT = 2_000;

/**
 * explainWaiting, reused for a few seconds per package as it stands (its meals, travel, split
 * permission and latest timeline entry): counting every distributor within reach is a real
 * query, and a page refreshed in a loop (300 views at once held the database
 * for everyone) computes it once. Views at the same moment share the one computation.
 */
export function createExplainer(ttlMs = EXPLANATION_TTL_MS) {
  const kept = new ExpiringMap<Promise<Explanation>>(EXPLANATIONS_KEPT, ttlMs);
  return (db: Executor, pkg: PackageRow, settings: MatchSettings, lastEvent: string) => {
    const key = [
      pkg.id,
      pkg.quantity,
      pkg.travelCapacity,
      pkg.allowSplit,
      pkg.readyUntil.getTime(),
      lastEvent,
    ].join('|');
    const hit = kept.get(key);
    if (hit) return hit;
    const explanation = explainWaiting(db, pkg, settings);
    kept.set(key, explanation);
    // A failure is not kept.
    explanation.catch(() => kept.delete(key));
    return explanation;
  };
}

/**
 * The other parts a split donation already has when this waiting part of it cannot be split
 * again (SPLIT_MAX_PARTS of them, as splitPackage counts): it waits for one distributor with room
 * for all of it. Null for a package that could still be split, or was never allowed to be.
 */
async function partsAtLimit(
  db: Executor,
  pkg: PackageRow,
  settings: MatchSettings,
): Promise<number | null> {
  if (!pkg.groupId || !pkg.allowSplit) return null;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from packages
        where group_id = ${pkg.groupId} and id <> ${pkg.id} and state not in ('Cancelled', 'Expired')`,
  );
  // As splitPackage counts: the others take up parts; with none left it goes whole or not at all.
  const others = row?.n ?? 0;
  return others >= settings.splitMaxParts ? others : null;
}

/**
 * Why the distributor viewing an Offered or Paired package was chosen: how far the meet point is
 * from their home, and the room they keep with it counted (their load already includes it).
 */
export async function whyYou(db: Executor, pkg: PackageRow): Promise<WhyYou | null> {
  if (!pkg.distributorId || pkg.meetLat === null || pkg.meetLng === null) return null;
  // A coordinator's offer is logged in the transaction that made it, at the same moment as its
  // timeline entry: chosen by a coordinator when the latest offer or pairing has such an entry.
  const [row] = await queryRows<{ room: number; chosen: boolean }>(
    db,
    sql`select (max_capacity - open_load)::int as room,
          exists (
            select 1 from audit_log a
            where a.target_kind = 'package' and a.target_id = ${pkg.id}::text
              and a.action = 'package.offer'
              and a.at >= (select max(e.at) from package_events e
                           where e.package_id = ${pkg.id} and e.kind in ('offered', 'paired'))
          ) as chosen
        from distributors where user_id = ${pkg.distributorId}`,
  );
  if (!row) return null;
  const home: [number, number] = [pkg.distributorLat ?? pkg.lat, pkg.distributorLng ?? pkg.lng];
  // Before accepting, to the meet area as shown: with a donor who travels nowhere, the exact
  // meet point is their door, and a distributor moving home between offers found it to within
  // metres from this distance. To the kilometre, at least 1, until they accept; then the meet
  // point is on their map and the distance is said as the map says it, to a tenth ("about 2 km"
  // beside "1.5 km by road" read as two distances).
  const meet: [number, number] =
    pkg.state === 'Offered'
      ? meetPointBeforeAccepting({
          meetAddress: pkg.meetAddress,
          meetLat: pkg.meetLat,
          meetLng: pkg.meetLng,
        })
      : [pkg.meetLat, pkg.meetLng];
  return {
    distanceKm:
      pkg.state === 'Offered'
        ? Math.max(1, Math.round(distanceKm(home, meet)))
        : Math.max(0.1, Math.round(distanceKm(home, meet) * 10) / 10),
    roomAfter: Math.max(0, row.room),
    byCoordinator: row.chosen,
  };
}
