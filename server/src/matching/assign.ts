import { DISTANCE_RANGE_MAX_KM } from '@almquest/contracts/users';
import { randomInt } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client';
import { lockPeopleShared } from '../db/person-lock';
import { donorContext, offerContext, packageContext } from '../db/notifications';
import { nearestPlaceWithinSql, placeAddress } from '../db/places';
import type { NewNotification, NotificationRow, PackageRow, PlaceRecord } from '../db/rows';
import { recordEvents } from '../db/package-events';
import { distributors, donationGroups, notifications, packages, users } from '../db/schema';
import { withinReachSql } from './reach';
import { coarsenMeetPoint, coordinateLabel, meetPoint, type LatLng } from './geometry';
import { type Candidate, chooseDistributor, type PackageToMatch, planSplit } from './ranking';

type CandidateRow = {
  id: string;
  name: string;
  phone: string | null;
  picture: string | null;
  address: string | null;
  /** The distributor's home: only for their own directions and to notice a move. */
  home_lat: number;
  home_lng: number;
  /** The centre of their ~1 km area (users.area_lat/area_lng): everything matching measures. */
  area_lat: number;
  area_lng: number;
  distance_range: number;
  max_capacity: number;
  open_load: number;
  is_active: boolean;
  auto_accept: boolean;
  last_assigned_at: Date | string | null;
  distance_m: number;
};

/**
 * SQL: the distributor declined this package, let its offer lapse, released it or had it taken
 * back by a coordinator; they are not asked again. For a part of a split donation, any part of it
 * counts (a distributor who turned down 30 meals of a donation is not offered 20 more of it).
 */
export function hasTurnedDown(
  pkg: Pick<PackageRow, 'id' | 'groupId'>,
  distributorId: SQL,
  { countTakenBack = true } = {},
): SQL {
  const kinds = countTakenBack
    ? sql`('declined', 'lapsed', 'released', 'takenBack')`
    : sql`('declined', 'lapsed', 'released')`;
  return sql`exists (
    select 1 from package_events e
    where e.distributor_id = ${distributorId}
      and e.kind in ${kinds}
      and ${
        pkg.groupId
          ? sql`e.package_id in (select g.id from packages g where g.group_id = ${pkg.groupId})`
          : sql`e.package_id = ${pkg.id}`
      })`;
}

/**
 * Found someone: the package is Paired with them (they accept pairings automatically) or Offered
 * to them until they answer. Found no one: nothing changed.
 */
export type MatchOutcome = (
  | {
      isPaired: true;
      state: 'Paired' | 'Offered';
      distributorId: string;
      notifications: NotificationRow[];
    }
  | { isPaired: false; notifications: NotificationRow[] }
) & {
  /**
   * Distributors a split's rest passed over because another transaction held them, while the
   * rest was left waiting: once this transaction has committed, the caller asks the re-matcher
   * to serve them (issue #20 attacker's review: a rest stranded beside room).
   */
  passedOver?: string[];
};

/**
 * How long an offer waits for its distributor's answer (OFFER_MINUTES), and how a donation that
 * allows it may be split when no one has room for all of it (issue #20).
 */
export type MatchSettings = { offerMs: number; splitMinMeals: number; splitMaxParts: number };

/** Four random digits, shown to the donor, asked of the distributor at the handover. */
export function newHandoverCode(): string {
  return String(randomInt(10_000)).padStart(4, '0');
}

const FIRST_BATCH = 8;
const MAX_LOCK_RETRIES = 5;

function toCandidate(row: CandidateRow): Candidate {
  return {
    id: row.id,
    location: [row.area_lat, row.area_lng],
    distanceRangeKm: row.distance_range,
    maxCapacity: row.max_capacity,
    openLoad: row.open_load,
    isActive: row.is_active,
    lastAssignedAt: row.last_assigned_at ? new Date(row.last_assigned_at) : null,
  };
}

/**
 * Active distributors with room that can reach the package, nearest first, from the GiST index
 * (KNN order inside a bounding box): never a scan of all distributors. Fetches more only while
 * the farthest fetched is as near as the nearest, so ties are all there to be ranked.
 */
async function feasibleCandidates(
  tx: Tx,
  pkg: PackageRow,
  {
    minRoom = pkg.quantity,
    need = 1,
    exclude = [],
  }: {
    /** Room a distributor needs: the whole package, or the smallest part of a split. */
    minRoom?: number;
    /** How many of the best are wanted (ties at the last one are all fetched). */
    need?: number;
    /** Distributors already holding a part of this donation. */
    exclude?: readonly string[];
  } = {},
): Promise<CandidateRow[]> {
  const reach = withinReachSql({
    center: sql`ll_to_earth(${pkg.lat}, ${pkg.lng})`,
    other: sql`ll_to_earth(u.area_lat, u.area_lng)`,
    boxKm: sql`${pkg.travelCapacity + DISTANCE_RANGE_MAX_KM}`,
    reachKm: sql`${pkg.travelCapacity} + d.distance_range`,
  });
  for (let limit = Math.max(FIRST_BATCH, need * 2); ; limit *= 4) {
    const rows = await queryRows<CandidateRow>(
      tx,
      sql`
        select u.id, u.name, u.phone, u.picture, u.address,
               u.lat as home_lat, u.lng as home_lng, u.area_lat, u.area_lng,
               d.distance_range, d.max_capacity, d.open_load, d.is_active, d.auto_accept,
               d.last_assigned_at,
               earth_distance(ll_to_earth(u.area_lat, u.area_lng), ll_to_earth(${pkg.lat}, ${pkg.lng})) as distance_m
        from ${users} u
        join ${distributors} d on d.user_id = u.id
        where u.user_type = 'distributor' and u.lat is not null and u.suspended_at is null
          and ${reach}
          and d.is_active
          and d.open_load + ${minRoom} <= d.max_capacity
          and (${pkg.diet} = 'veg' or not d.veg_only)
          ${
            exclude.length
              ? sql`and u.id not in (${sql.join(
                  exclude.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`
              : sql``
          }
          and not ${hasTurnedDown(pkg, sql`u.id`)}
        order by ll_to_earth(u.area_lat, u.area_lng) <-> ll_to_earth(${pkg.lat}, ${pkg.lng})
        limit ${limit}`,
    );
    // Enough when all were fetched, or when the last fetched is farther than the last wanted
    // (so every candidate tied with the ones wanted is here to be ranked).
    const wanted = rows[Math.min(need, rows.length) - 1];
    const last = rows[rows.length - 1];
    if (rows.length < limit || !wanted || !last || last.distance_m - wanted.distance_m > 0.01)
      return rows;
  }
}

/** Google Maps directions from one point to another; works without a key. */
export function directionsUrl(from: LatLng, to: LatLng): string {
  const f = (p: LatLng) => `${p[0].toFixed(6)},${p[1].toFixed(6)}`;
  return `https://www.google.com/maps/dir/?api=1&origin=${f(from)}&destination=${f(to)}&travelmode=driving`;
}

/** The chosen distributor once its room is claimed, with the meet point's locality (if any). */
type ClaimedRow = {
  id: string;
  auto_accept: boolean;
  name: string;
  phone: string | null;
  picture: string | null;
  address: string | null;
  place: PlaceRecord | null;
};

/**
 * Pairs a Not Paired package (already locked by the caller) with the best distributor, inside the
 * caller's transaction. The room is claimed by one conditional UPDATE, which locks the
 * distributor's row and re-checks, against the latest committed version, that it is still active,
 * still has room, and is where it was ranked; so concurrent donations never over-assign, and a
 * distributor who changed meanwhile is ranked again. Then it writes the pair, the state and both
 * notifications. With no one feasible it changes nothing. Four statements in all.
 */
export async function tryMatchPackage(
  tx: Tx,
  pkg: PackageRow,
  settings: MatchSettings,
  {
    canSplit = true,
    ...claim
  }: {
    canSplit?: boolean;
    /** Whether the donor is told of a pairing (not for a split's rest when told of the split). */
    tellsDonor?: boolean;
    /** Pass over a distributor whose row another transaction holds, instead of waiting. */
    skipLocked?: boolean;
  } = {},
): Promise<MatchOutcome> {
  const toMatch: PackageToMatch = {
    location: [pkg.lat, pkg.lng],
    quantity: pkg.quantity,
    travelCapacityKm: pkg.travelCapacity,
  };
  if (pkg.allowSplit && canSplit) {
    // One donation that may be split is matched at a time, in every process: a split locks
    // several distributors, plans again while holding them when a claim is lost, and two such
    // transactions crossing deadlocked (issue #20 attacker's review). Taken before any of them.
    await tx.execute(sql`select pg_advisory_xact_lock(${SPLIT_LOCK_KEY}::bigint)`);
  }
  // Passed over (held elsewhere) without waiting: the next best is tried, not the same again.
  const passedOver: string[] = [];
  for (let attempt = 0; attempt < MAX_LOCK_RETRIES; attempt++) {
    const rows = await feasibleCandidates(tx, pkg, { exclude: passedOver });
    const best = chooseDistributor(toMatch, rows.map(toCandidate));
    const chosen = best && rows.find((row) => row.id === best.id);
    if (!chosen) {
      // No one has room for all of it: the donor may have allowed parts (issue #20).
      if (pkg.allowSplit && canSplit) return splitPackage(tx, pkg, settings);
      return { isPaired: false, notifications: [], passedOver };
    }

    const outcome = await claimAndWrite(tx, pkg, chosen, settings, claim);
    // Another donation took the room, or the distributor changed: rank again.
    if (outcome) return outcome;
    if (claim.skipLocked) passedOver.push(chosen.id);
  }
  return { isPaired: false, notifications: [], passedOver };
}

/** The advisory lock that serialises matching donations that may be split (any constant). */
const SPLIT_LOCK_KEY = 7_431_002;

/** Thrown inside a part's savepoint when its claim failed: the part is undone, the rest re-planned. */
class ClaimLost extends Error {}

/**
 * Splits a Not Paired package (locked by the caller) across the best distributors with room for
 * a part (planSplit, the reference), inside the caller's transaction: the package itself becomes
 * the first part, each further part a package of its own in the same donation group, claimed
 * exactly as a single match claims (a part whose claim fails is undone in its savepoint and the
 * rest planned again). What no part covers waits as one more package of the group, matched like
 * any other. The parts already in the group count towards SPLIT_MAX_PARTS. Nothing changes when
 * no part can be placed.
 */
async function splitPackage(
  tx: Tx,
  pkg: PackageRow,
  settings: MatchSettings,
): Promise<MatchOutcome> {
  const minMeals = settings.splitMinMeals;
  let partsLeft = settings.splitMaxParts;
  if (pkg.groupId) {
    // One split of a donation at a time (its row locked after the part's): two parts given back
    // at once cannot both count the others before either has added its own.
    await tx.execute(sql`select id from ${donationGroups} where id = ${pkg.groupId} for update`);
    const [others] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${packages}
          where group_id = ${pkg.groupId} and id <> ${pkg.id} and state not in ('Cancelled', 'Expired')`,
    );
    partsLeft -= others?.n ?? 0;
  }
  let groupId = pkg.groupId;
  let remaining = pkg.quantity;
  let first: (MatchOutcome & { isPaired: true }) | null = null;
  const written: NotificationRow[] = [];
  const used: string[] = [];
  const passedOver: string[] = [];
  let isDonorTold = false;
  let placedMeals = 0;
  for (
    let attempt = 0;
    attempt < MAX_LOCK_RETRIES && partsLeft > 0 && remaining >= minMeals;
    attempt++
  ) {
    const rows = await feasibleCandidates(tx, pkg, {
      minRoom: minMeals,
      need: partsLeft,
      exclude: used,
    });
    const plan = planSplit(
      { location: [pkg.lat, pkg.lng], quantity: remaining, travelCapacityKm: pkg.travelCapacity },
      rows.map(toCandidate),
      { minMeals, maxParts: partsLeft },
    );
    if (plan.length === 0) break;
    let isLost = false;
    // Their person locks first (db/person-lock.ts), as every claim takes them.
    await lockPeopleShared(
      tx,
      plan.map((p) => p.candidate.id),
    );
    // Every planned distributor's row locked next, in id order: two splits claiming the same
    // ones in opposite ranking orders would otherwise deadlock. Then claimed best first.
    await tx.execute(
      sql`select user_id from ${distributors}
          where user_id in (${sql.join(
            plan.map((p) => sql`${p.candidate.id}::uuid`),
            sql`, `,
          )})
          order by user_id for update`,
    );
    for (const part of plan) {
      const chosen = rows.find((row) => row.id === part.candidate.id)!;
      try {
        const outcome = await tx.transaction(async (sp) => {
          if (!groupId) {
            const [group] = await sp
              .insert(donationGroups)
              .values({ donorId: pkg.donorId, quantity: pkg.quantity })
              .returning({ id: donationGroups.id });
            groupId = group!.id;
          }
          const partRow = first
            ? await insertPart(sp, pkg, part.quantity, groupId)
            : await resizeToPart(sp, pkg, part.quantity, groupId);
          // The donor hears of the donation once, not once a part (issue #20 newcomer review).
          const claimed = await claimAndWrite(sp, partRow, chosen, settings, {
            tellsDonor: !isDonorTold,
          });
          if (!claimed || !claimed.isPaired) throw new ClaimLost();
          return claimed;
        });
        if (!first) first = outcome;
        if (outcome.state === 'Paired') {
          isDonorTold = true;
          placedMeals += part.quantity;
        }
        written.push(...outcome.notifications);
        used.push(chosen.id);
        remaining -= part.quantity;
        partsLeft -= 1;
      } catch (error) {
        if (!(error instanceof ClaimLost)) throw error;
        // The savepoint undid this part (and a group made for it); plan the rest again.
        if (!first) groupId = pkg.groupId;
        isLost = true;
        break;
      }
    }
    if (!isLost) break;
  }
  if (!first) return { isPaired: false, notifications: [] };
  if (remaining > 0 && groupId) {
    // The rest waits, as a package of its own, and is matched whole when someone has room. The
    // donor is not told "no distributor near you" about it: some just took the other parts, and
    // the donation's page shows what waits.
    // Matched whole at once if someone has room for it, like any waiting package (it is no part
    // of the split: it may be smaller than SPLIT_MIN_MEALS and beyond SPLIT_MAX_PARTS). Without
    // waiting on a distributor another transaction holds: this one already holds the plan's, and
    // two splits would each wait for the other (issue #20 review: a deadlock whenever they crossed).
    const rest = await insertPart(tx, pkg, remaining, groupId);
    const matched = await tryMatchPackage(tx, rest, settings, {
      canSplit: false,
      tellsDonor: !isDonorTold,
      skipLocked: true,
    });
    written.push(...matched.notifications);
    if (matched.isPaired && matched.state === 'Paired') placedMeals += remaining;
    if (!matched.isPaired && matched.passedOver?.length) passedOver.push(...matched.passedOver);
  }
  // The donor's one notification of the split is about the donation: every meal placed with a
  // distributor now, not just the part it was written for ("30 meals of your 160"), and no one
  // distributor's name or picture (issue #20 newcomer reviews).
  const told = written.findIndex((n) => n.userType === 'Donor' && n.kind === 'pairedDonor');
  if (told >= 0) {
    const [summed] = await tx
      .update(notifications)
      .set({ kind: 'splitDonor', packageQuantity: placedMeals, counterpartName: null, photo: null })
      .where(eq(notifications.id, written[told]!.id))
      .returning();
    written[told] = summed!;
  }
  return { ...first, notifications: written, ...(passedOver.length ? { passedOver } : {}) };
}

/** The package itself becomes the first part of its donation. */
async function resizeToPart(tx: Tx, pkg: PackageRow, quantity: number, groupId: string) {
  const [row] = await tx
    .update(packages)
    .set({ quantity, groupId })
    .where(eq(packages.id, pkg.id))
    .returning();
  return row!;
}

/** One more part (or the waiting rest) of a split donation, as its donor gave it. */
async function insertPart(tx: Tx, pkg: PackageRow, quantity: number, groupId: string) {
  const [row] = await tx
    .insert(packages)
    .values({
      donorId: pkg.donorId,
      donorName: pkg.donorName,
      donorPhone: pkg.donorPhone,
      address: pkg.address,
      lat: pkg.lat,
      lng: pkg.lng,
      quantity,
      travelCapacity: pkg.travelCapacity,
      createdAt: pkg.createdAt,
      readyUntil: pkg.readyUntil,
      warnAt: pkg.warnAt,
      // A donor already told it still waits is not told again for each part.
      warnedAt: pkg.warnedAt,
      diet: pkg.diet,
      groupId,
      allowSplit: true,
    })
    .returning();
  await recordEvents(tx, [{ packageId: row!.id, kind: 'created' }]);
  return row!;
}

/**
 * Claims the chosen distributor's room by one conditional UPDATE (which locks their row and
 * re-checks, against the latest committed version, that they are still active, not suspended,
 * have room, and are where they were ranked), then writes the pair. Null when the claim failed.
 */
async function claimAndWrite(
  tx: Tx,
  pkg: PackageRow,
  chosen: CandidateRow,
  settings: MatchSettings,
  { tellsDonor = true, skipLocked = false }: { tellsDonor?: boolean; skipLocked?: boolean } = {},
): Promise<MatchOutcome | null> {
  const packageAt: LatLng = [pkg.lat, pkg.lng];
  // Matching never measures from the home (decision 003): from the centre of the home's area.
  const distributorAt: LatLng = [chosen.area_lat, chosen.area_lng];
  const exactMeet = meetPoint(packageAt, distributorAt, pkg.travelCapacity, chosen.distance_range);
  // The exact meet point is not published either (it would lead towards the area's centre, see
  // coarsenMeetPoint): it moves to the nearest locality within both ranges, else to a grid point.
  const meetPlace = nearestPlaceWithinSql(exactMeet[0], exactMeet[1], [
    { at: packageAt, km: pkg.travelCapacity },
    { at: distributorAt, km: chosen.distance_range },
  ]);
  // The person's lock before their rows: a suspension or an account deletion under way goes
  // first (db/person-lock.ts).
  await lockPeopleShared(tx, [chosen.id]);
  // Skipping: the person's and the distributor's rows are taken only if free, else no claim.
  const skip = skipLocked ? sql`skip locked` : sql``;
  const [claimed] = await queryRows<ClaimedRow>(
    tx,
    sql`
      with person as (
        -- Locked, and read at its latest: a suspension (issue #19) committed meanwhile is seen,
        -- and one under way waits for this pairing and then takes it back.
        select id from ${users} where id = ${chosen.id} and suspended_at is null for share ${skip}
      ),
      ${
        skipLocked
          ? sql`free as (
                  select user_id from ${distributors} where user_id = ${chosen.id}
                  for no key update skip locked
                ),`
          : sql``
      }
      claimed as (
        update ${distributors} d
        set open_load = d.open_load + ${pkg.quantity}, last_assigned_at = now()
        from ${users} u, person${skipLocked ? sql`, free` : sql``}
        where d.user_id = ${chosen.id} and u.id = d.user_id and person.id = u.id
          and d.is_active and d.open_load + ${pkg.quantity} <= d.max_capacity
          and (${pkg.diet} = 'veg' or not d.veg_only)
          and d.distance_range = ${chosen.distance_range}
          and u.lat = ${chosen.home_lat} and u.lng = ${chosen.home_lng}
        returning u.id, d.auto_accept, u.name, u.phone, u.picture, u.address
      )
      select c.*, (select row_to_json(p) from (${meetPlace}) p) as place
      from claimed c`,
  );
  if (!claimed) return null;
  const meet: LatLng = claimed.place
    ? [claimed.place.lat, claimed.place.lng]
    : coarsenMeetPoint(
        exactMeet,
        packageAt,
        distributorAt,
        pkg.travelCapacity,
        chosen.distance_range,
      );
  const state = claimed.auto_accept ? 'Paired' : 'Offered';
  return {
    isPaired: true,
    state,
    distributorId: claimed.id,
    notifications: await writePair(tx, pkg, chosen, claimed, meet, {
      state,
      tellsDonor,
      ...settings,
    }),
  };
}

/** Why a coordinator's chosen distributor cannot take the package, or null when they can. */
export type ChosenRefusal =
  'not_distributor' | 'suspended' | 'inactive' | 'no_room' | 'veg_only' | 'gave_back';

/**
 * A coordinator offers a Not Paired package (locked by the caller) to a distributor they chose,
 * however far: capacity, activity, diet and "never offered again after giving it back" still
 * hold. The distributor still answers the offer, unless they accept automatically.
 */
export async function offerToChosen(
  tx: Tx,
  pkg: PackageRow,
  distributorId: string,
  settings: MatchSettings,
): Promise<{ outcome: MatchOutcome & { isPaired: true } } | { refusal: ChosenRefusal }> {
  const [row] = await queryRows<
    CandidateRow & {
      user_type: string | null;
      suspended: boolean;
      veg_only: boolean;
      gave_back: boolean;
    }
  >(
    tx,
    sql`
      select u.id, u.name, u.phone, u.picture, u.address, u.user_type,
             u.suspended_at is not null as suspended,
             u.lat as home_lat, u.lng as home_lng, u.area_lat, u.area_lng,
             d.distance_range, d.max_capacity, d.open_load, d.is_active, d.auto_accept,
             d.last_assigned_at, d.veg_only,
             earth_distance(ll_to_earth(u.area_lat, u.area_lng), ll_to_earth(${pkg.lat}, ${pkg.lng})) as distance_m,
             -- A coordinator may choose someone a package was taken back from (once reinstated);
             -- not someone who turned down this package or another part of its donation.
             ${hasTurnedDown(pkg, sql`u.id`, { countTakenBack: false })} as gave_back
      from ${users} u
      left join ${distributors} d on d.user_id = u.id
      where u.id = ${distributorId}`,
  );
  if (!row || row.user_type !== 'distributor' || row.home_lat === null)
    return { refusal: 'not_distributor' };
  if (row.suspended) return { refusal: 'suspended' };
  if (!row.is_active) return { refusal: 'inactive' };
  if (row.open_load + pkg.quantity > row.max_capacity) return { refusal: 'no_room' };
  if (pkg.diet !== 'veg' && row.veg_only) return { refusal: 'veg_only' };
  if (row.gave_back) return { refusal: 'gave_back' };
  const outcome = await claimAndWrite(tx, pkg, row, settings);
  // The row is read in this transaction and claimed at once; a change in between reads as full.
  if (!outcome || !outcome.isPaired) return { refusal: 'no_room' };
  return { outcome };
}

/**
 * Writes the distributor, the meet point and the directions onto the package: Paired at once, or
 * Offered until the offer's deadline (the presenter keeps both sides' contacts from each other
 * until the distributor accepts). Then the timeline entry and the notifications.
 */
async function writePair(
  tx: Tx,
  pkg: PackageRow,
  ranked: CandidateRow,
  distributor: ClaimedRow,
  meet: LatLng,
  {
    state,
    offerMs,
    tellsDonor,
  }: MatchSettings & { state: 'Paired' | 'Offered'; tellsDonor: boolean },
): Promise<NotificationRow[]> {
  const isOffer = state === 'Offered';
  const packageAt: LatLng = [pkg.lat, pkg.lng];
  const distributorHome: LatLng = [ranked.home_lat, ranked.home_lng];
  const meetAddress = distributor.place
    ? placeAddress(distributor.place)
    : `${coordinateLabel(meet[0])}, ${coordinateLabel(meet[1])}`;

  // The package's new state is written by a WITH clause of the notification insert: one statement.
  const pairing = tx.$with('pairing').as(
    tx
      .update(packages)
      .set({
        state,
        distributorId: distributor.id,
        distributorName: distributor.name,
        distributorPhone: distributor.phone ?? '',
        distributorAddress: distributor.address ?? '',
        distributorLat: ranked.home_lat,
        distributorLng: ranked.home_lng,
        meetAddress,
        meetLat: meet[0],
        meetLng: meet[1],
        donorPath: directionsUrl(packageAt, meet),
        distributorPath: directionsUrl(distributorHome, meet),
        pairedAt: isOffer ? null : sql`now()`,
        // An offer never outlives the pick-up time.
        offerExpiresAt: isOffer
          ? sql`least(now() + ${offerMs} * interval '1 millisecond', ${packages.readyUntil})`
          : null,
        handoverCode: isOffer ? null : newHandoverCode(),
        handoverFailures: 0,
        handoverLockedUntil: null,
      })
      .where(eq(packages.id, pkg.id))
      .returning({ id: packages.id }),
  );

  await recordEvents(tx, [
    { packageId: pkg.id, kind: isOffer ? 'offered' : 'paired', distributorId: distributor.id },
  ]);
  if (isOffer) {
    return tx
      .with(pairing)
      .insert(notifications)
      .values({
        userId: distributor.id,
        packageId: pkg.id,
        photo: null,
        state: 'Offered',
        userType: 'Distributor',
        kind: 'offered',
        // Not the donor's address: the meet point's area, as the offer's page shows it.
        ...offerContext({ ...pkg, meetAddress, meetLat: meet[0], meetLng: meet[1] }),
        counterpartName: null,
      })
      .returning();
  }
  const rows: NewNotification[] = [
    ...(pkg.donorId && tellsDonor
      ? [
          {
            userId: pkg.donorId,
            packageId: pkg.id,
            photo: distributor.picture,
            state: 'Paired' as const,
            userType: 'Donor' as const,
            kind: 'pairedDonor' as const,
            ...donorContext(pkg),
            counterpartName: distributor.name,
          },
        ]
      : []),
    {
      userId: distributor.id,
      packageId: pkg.id,
      photo: pkg.donorId ? sql`(select picture from ${users} where id = ${pkg.donorId})` : null,
      state: 'Paired' as const,
      userType: 'Distributor' as const,
      kind: 'pairedDistributor' as const,
      ...packageContext(pkg),
      counterpartName: pkg.donorName,
    },
  ];
  return tx.with(pairing).insert(notifications).values(rows).returning();
}
