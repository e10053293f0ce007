import { DISTANCE_RANGE_MAX_KM } from '@almquest/contracts/users';
import { randomInt } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import { queryPrepared, queryRows, type Tx } from '../db/client';
import { lockPeopleShared } from '../db/person-lock';
import { rowFromJson } from '../db/json-rows';
import { notificationFromDatabase } from '../db/notifications';
import type { NotificationRow, PackageRow } from '../db/rows';
import { recordEvents } from '../db/package-events';
import { distributors, donationGroups, notifications, packages, users } from '../db/schema';
import { type Candidate, planSplit, recordKm } from './ranking';
import { matchDuration } from '../metrics/metrics';

type CandidateRow = {
  id: string;
  /** The distributor's home: only to notice a move between ranking and claiming. */
  home_lat: number;
  home_lng: number;
  /** The centre of their ~1 km area (users.area_lat/area_lng): everything matching measures. */
  area_lat: number;
  area_lng: number;
  distance_range: number;
  max_capacity: number;
  open_load: number;
  last_assigned_at: Date | string | null;
  /** From the package, as ranking.ts measures. */
  km: number;
  offers_lapsed: number;
  pickups_missed: number;
  pickups_collected: number;
};

/**
 * SQL: whether `distributorId` turned the package down (db/functions/almquest_turned_down.sql,
 * the one definition): declined it, let it lapse, released it or, with `countTakenBack`, had it
 * taken back by a coordinator or by the check-in (decision 044); for a part of a split donation,
 * any part of it.
 */
export function hasTurnedDown(
  pkg: Pick<PackageRow, 'id' | 'groupId'>,
  distributorId: SQL,
  { countTakenBack = true } = {},
): SQL {
  return sql`${distributorId} in (select t from almquest_turned_down(${pkg.id}::uuid, ${pkg.groupId}::uuid, ${countTakenBack}::boolean) t)`;
}

/**
 * SQL: why the distributor (`u` a users row, `d` their distributors row) cannot take the
 * package, with room for `roomNeeded` meals, or null when they can
 * (db/functions/almquest_cannot_take.sql, the one definition of who may take a package).
 */
export function cannotTakeSql(
  pkg: Pick<PackageRow, 'id' | 'groupId' | 'diet'>,
  roomNeeded: number,
  { countTakenBack = true } = {},
): SQL {
  return sql`almquest_cannot_take(u.suspended_at, d.is_active, d.open_load, d.max_capacity,
    d.veg_only, ${roomNeeded}::int, ${pkg.diet}::text, ${hasTurnedDown(pkg, sql`u.id`, { countTakenBack })})`;
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
      /** The package as the pairing wrote it; none for a split, whose caller reads it again. */
      package?: PackageRow;
    }
  | { isPaired: false; notifications: NotificationRow[] }
) & {
  /**
   * Distributors a split's rest passed over because another transaction held them, while the
   * rest was left waiting: once this transaction has committed, the caller asks the re-matcher
   * to serve them (a rest stranded beside room).
   */
  passedOver?: string[];
};

/**
 * How long an offer waits for its distributor's answer (OFFER_MINUTES), how a donation that
 * allows it may be split when no one has room for all of it, and whether ranking counts each
 * distributor's record (DISPATCH_POLICY reliable, decision 034).
 */
export type MatchSettings = {
  offerMs: number;
  splitMinMeals: number;
  splitMaxParts: number;
  byRecord: boolean;
};

/** Four random digits, shown to the donor, asked of the distributor at the handover. */
export function newHandoverCode(): string {
  return String(randomInt(10_000)).padStart(4, '0');
}

/** A package row as almquest_claim_row answers it, in the shape Drizzle reads one. */
export const packageFromDatabase: (raw: Record<string, unknown>) => PackageRow =
  rowFromJson(packages);

const MAX_LOCK_RETRIES = 5;

function toCandidate(row: CandidateRow): Candidate {
  return {
    id: row.id,
    location: [row.area_lat, row.area_lng],
    distanceRangeKm: row.distance_range,
    maxCapacity: row.max_capacity,
    openLoad: row.open_load,
    isActive: true,
    lastAssignedAt: row.last_assigned_at ? new Date(row.last_assigned_at) : null,
    offersLapsed: row.offers_lapsed,
    pickupsMissed: row.pickups_missed,
    pickupsCollected: row.pickups_collected,
  };
}

/**
 * Distributors with room for `minRoom` meals who could take the package, nearest first
 * (db/functions/almquest_walk.sql, the one definition of who could: matching uses it too). It
 * walks the distributors nearest the package, 64 first and four times as far while fewer than
 * `need` are found and the walk ended within reach; when its farthest is as near as the `need`-th,
 * it reads everyone that near at once (so every candidate tied with the ones wanted is here to be
 * ranked).
 */
async function feasibleCandidates(
  tx: Tx,
  pkg: PackageRow,
  {
    minRoom,
    need,
    exclude,
    byRecord,
  }: {
    /** Room a distributor needs: the smallest part of a split. */
    minRoom: number;
    /** How many of the best are wanted (ties at the last one are all fetched). */
    need: number;
    /** Distributors already holding a part of this donation. */
    exclude: readonly string[];
    /** Ranking counts records: the `need`-th is as far as its record makes it. */
    byRecord: boolean;
  },
): Promise<CandidateRow[]> {
  const passed = sql`array[${sql.join(
    exclude.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;
  let withinKm: number | null = null;
  for (let knn = 64, walk = knn; ;) {
    // One walk: how far it reached and how many it walked (one row even when nobody in it is
    // feasible), and its feasible within reach, nearest first. Nobody reaches farther than the
    // largest range anyone has (from the end of its index), nor than the largest allowed.
    const result = await queryRows<
      { edge_km: number | null; walked: number; reach_km: number } & (
        CandidateRow | { [K in keyof CandidateRow]: null }
      )
    >(
      tx,
      sql`with w as materialized (
            select * from almquest_walk(${pkg.id}::uuid, ${pkg.lat}::float8, ${pkg.lng}::float8,
              ${pkg.travelCapacity}::float8, ${pkg.diet}::text, ${pkg.groupId}::uuid,
              ${minRoom}::int, ${exclude.length ? passed : sql`'{}'::uuid[]`}, ${walk}::int,
              ${withinKm}::float8))
          select s.edge_km, s.walked, s.reach_km, c.id, c.home_lat, c.home_lng, c.area_lat,
                 c.area_lng, c.distance_range, c.max_capacity, c.open_load, c.last_assigned_at,
                 c.km, c.offers_lapsed, c.pickups_missed, c.pickups_collected
            from (select max(w.km) as edge_km, count(*)::int as walked,
                         ${pkg.travelCapacity}::float8
                           + least(${DISTANCE_RANGE_MAX_KM}::float8,
                                   coalesce((select max(distance_range) from distributors), 0))
                           as reach_km
                    from w) s
            left join lateral (select * from w where w.feasible and w.km <= s.reach_km) c on true
           order by c.area <-> almquest_earth_point(${pkg.lat}::float8, ${pkg.lng}::float8)`,
    );
    const walked = result[0]!;
    const rows = result.filter((r): r is typeof r & CandidateRow => r.id !== null);
    // The need-th as ranking goes (its record counted): whoever lies past the walk's edge ranks
    // at least that far, so the walk has everyone who could rank before it once the edge is
    // beyond it.
    const ranked: number[] = rows
      .map((r) => r.km + (byRecord ? recordKm(toCandidate(r)) : 0))
      .sort((a, b) => a - b);
    const wantedKm: number | undefined = ranked[need - 1];
    if (withinKm === null) {
      const sawEveryone = walked.walked < walk || (walked.edge_km ?? 0) > walked.reach_km;
      if (sawEveryone || (wantedKm !== undefined && walked.edge_km! - wantedKm > 1e-5)) {
        return rows;
      }
      if (wantedKm !== undefined) {
        // Inside a tie at the need-th: all of it at once, as almquest_match reads one.
        withinKm = wantedKm + 1e-5;
        walk = 2 ** 31 - 1;
        continue;
      }
    } else if (wantedKm !== undefined && wantedKm <= withinKm) {
      // A pass over everyone as near as the need-th was, and the need-th is still that near.
      return rows;
    }
    // Four times as far: too few found yet within reach, or the tie was taken meanwhile (each
    // pass reads what is committed then).
    withinKm = null;
    knn *= 4;
    walk = knn;
  }
}

/**
 * Pairs a Not Paired package (already locked by the caller) with the best distributor, inside the
 * caller's transaction. The room is claimed by one conditional UPDATE, which locks the
 * distributor's row and re-checks, against the latest committed version, that it is still active,
 * still has room, and is where it was ranked; so concurrent donations never over-assign, and a
 * distributor who changed meanwhile is ranked again. Then it writes the pair, the state and both
 * notifications. With no one feasible it changes nothing. One statement (a split is more).
 */
export async function tryMatchPackage(
  tx: Tx,
  pkg: PackageRow,
  settings: MatchSettings,
  {
    canSplit = true,
    tellsDonor = true,
    skipLocked = false,
  }: {
    canSplit?: boolean;
    /** Whether the donor is told of a pairing (not for a split's rest when told of the split). */
    tellsDonor?: boolean;
    /** Pass over a distributor whose row another transaction holds, instead of waiting. */
    skipLocked?: boolean;
  } = {},
): Promise<MatchOutcome> {
  // One donation that may be split is matched at a time, in every process: a split locks
  // several distributors, plans again while holding them when a claim is lost, and two such
  // transactions crossing deadlocked. The function takes the
  // advisory lock before any of them.
  const mayBeSplit = pkg.allowSplit && canSplit;
  // The whole match is one statement: rank, claim, meet point, package, timeline
  // entry and notifications, in db/functions/almquest_match.sql; ranking.ts is its reference.
  // Prepared once per connection (named), so the server neither parses nor plans it again.
  const timer = matchDuration.startTimer();
  const [row] = await queryPrepared<{ answer: MatchAnswer }>(tx, MATCH_STATEMENT, [
    pkg.id,
    settings.offerMs,
    tellsDonor,
    skipLocked,
    newHandoverCode(),
    DISTANCE_RANGE_MAX_KM,
    mayBeSplit,
    settings.byRecord,
  ]);
  const answer = row!.answer;
  timer({ outcome: answer.state ?? (answer.noneFeasible ? 'none' : 'lost') });
  if (answer.state) return outcomeOf(answer);
  // No one has room for all of it: the donor may have allowed parts.
  if (answer.noneFeasible && mayBeSplit) return splitPackage(tx, pkg, settings);
  return { isPaired: false, notifications: [], passedOver: answer.passedOver };
}

/** almquest_match's call, prepared once per connection: the package, the offer's time in ms,
 * whether the donor is told, whether a held distributor is passed over, the handover code, the
 * largest range allowed, whether the donation may be split (its one-at-a-time lock), and whether
 * ranking counts records. */
const MATCH_STATEMENT = {
  name: 'almquest_match',
  text: `select almquest_match($1::uuid, $2::float8, $3::boolean, $4::boolean, $5::text,
                               $6::float8, $7::boolean, $8::boolean) as answer`,
};

/** What almquest_claim_row answers when it claimed the room and wrote the pairing. */
type ClaimAnswer = {
  state: 'Paired' | 'Offered';
  distributorId: string;
  /** The notification rows written, as the database names their columns. */
  notifications: Record<string, unknown>[];
  /** The package row as written, as the database names its columns. */
  package: Record<string, unknown>;
};

/** What almquest_match answers: a claim's answer, or why there was none. */
type MatchAnswer = ClaimAnswer | { state: null; noneFeasible: boolean; passedOver: string[] };

function outcomeOf(answer: ClaimAnswer): MatchOutcome & { isPaired: true } {
  return {
    isPaired: true,
    state: answer.state,
    distributorId: answer.distributorId,
    notifications: answer.notifications.map(notificationFromDatabase),
    package: packageFromDatabase(answer.package),
  };
}

/**
 * Claims the chosen distributor's room and writes the pair, in one statement
 * (db/functions/almquest_claim_row.sql): the person's lock, one conditional UPDATE that locks the
 * distributor's row and re-checks, against the latest committed version, that they are still active, not suspended,
 * have room, and are where they were ranked; then the meet point, the package, its timeline
 * entry and the notifications. Null when the claim failed.
 */
async function claim(
  tx: Tx,
  packageId: string,
  chosen: Pick<CandidateRow, 'id' | 'distance_range' | 'home_lat' | 'home_lng'>,
  settings: MatchSettings,
  { tellsDonor = true }: { tellsDonor?: boolean } = {},
): Promise<(MatchOutcome & { isPaired: true }) | null> {
  const [row] = await queryRows<{ answer: ClaimAnswer | null }>(
    tx,
    sql`select almquest_claim_row(p, ${chosen.id}::uuid,
          ${chosen.distance_range}::float8, ${chosen.home_lat}::float8, ${chosen.home_lng}::float8,
          ${settings.offerMs}::float8, ${tellsDonor}::boolean, false, ${newHandoverCode()}::text,
          ${settings.byRecord}::boolean) as answer
        from packages p where p.id = ${packageId}::uuid`,
  );
  return row?.answer ? outcomeOf(row.answer) : null;
}

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
      byRecord: settings.byRecord,
    });
    const plan = planSplit(
      { location: [pkg.lat, pkg.lng], quantity: remaining, travelCapacityKm: pkg.travelCapacity },
      rows.map(toCandidate),
      { minMeals, maxParts: partsLeft, byRecord: settings.byRecord },
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
          // The donor hears of the donation once, not once a part.
          const claimed = await claim(sp, partRow.id, chosen, settings, {
            tellsDonor: !isDonorTold,
          });
          if (!claimed) throw new ClaimLost();
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
    // two splits would each wait for the other (a deadlock whenever they crossed).
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
  // distributor's name or picture (as newcomers read them).
  const told = written.findIndex((n) => n.userType === 'Donor' && n.kind === 'pairedDonor');
  if (told >= 0) {
    const [summed] = await tx
      .update(notifications)
      .set({ kind: 'splitDonor', packageQuantity: placedMeals, counterpartName: null, photo: null })
      .where(eq(notifications.id, written[told]!.id))
      .returning();
    written[told] = summed!;
  }
  // The package is read again by whoever needs it: a split changed more than the first claim saw.
  const { package: _firstClaimed, ...firstPart } = first;
  return { ...firstPart, notifications: written, ...(passedOver.length ? { passedOver } : {}) };
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
      foodKind: pkg.foodKind,
      preparedAt: pkg.preparedAt,
      useBy: pkg.useBy,
      donorLicensed: pkg.donorLicensed,
      groupId,
      allowSplit: true,
    })
    .returning();
  await recordEvents(tx, [{ packageId: row!.id, kind: 'created' }]);
  return row!;
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
    Pick<CandidateRow, 'id' | 'home_lat' | 'home_lng' | 'distance_range'> & {
      user_type: string | null;
      refusal: ChosenRefusal | null;
    }
  >(
    tx,
    sql`
      select u.id, u.user_type, u.lat as home_lat, u.lng as home_lng, d.distance_range,
             -- A coordinator may choose someone a package was taken back from (once reinstated);
             -- not someone who turned down this package or another part of its donation.
             ${cannotTakeSql(pkg, pkg.quantity, { countTakenBack: false })} as refusal
      from ${users} u
      left join ${distributors} d on d.user_id = u.id
      where u.id = ${distributorId}`,
  );
  if (!row || row.user_type !== 'distributor' || row.home_lat === null)
    return { refusal: 'not_distributor' };
  if (row.refusal) return { refusal: row.refusal };
  const outcome = await claim(tx, pkg.id, row, settings);
  // The row is read in this transaction and claimed at once; a change in between reads as full.
  if (!outcome) return { refusal: 'no_room' };
  return { outcome };
}
