import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type AppDb, queryRows, type Tx } from '../../../db/client';
import {
  donorNotification,
  insertNotifications,
  offerContext,
  packageContext,
} from '../../../db/notifications';
import type { NewNotification, NotificationRow, PackageRow, UserRow } from '../../../db/rows';
import { distributors, donors, packageReports, packages } from '../../../db/schema';
import { badRequest, conflict, words } from '../../../errors';
import { type MatchSettings, newHandoverCode, tryMatchPackage } from '../../../matching/assign';
import { recountDonationGroups } from '../packages.service';
import {
  assertIsAssignedDistributor,
  assertIsDonorOf,
  assertIsOfferedDistributor,
} from '../packages.policy';
import { isFairMiss, noteOnRecord, wasCutShort } from './record';
import { fromStatesSql, TRANSITIONS, type TransitionName } from './transitions';
import { assertMay, lockWithClock, move, pickupTimePassed, refuseFormerDistributor } from './write';

/**
 * The changes people and deadlines make to a package after it is donated: offers and their
 * answers, release, cancel, withdrawal, widening the travel range, the coordinator's actions and
 * what the deadlines do (lapse, half-window warning, expiry). Each locks the package row, checks
 * its transition (transitions.ts) under the lock, and writes the state, the distributor's load,
 * the timeline and the notifications in one transaction (write.ts move): of two racing changes
 * exactly one applies, the other answers 409.
 */

/** What a change leaves: the package as it is now, who to tell, and whose capacity was freed. */
export type ChangeResult = {
  package: PackageRow;
  notifications: NotificationRow[];
  /** A distributor whose capacity grew: waiting packages near them get another chance. */
  freedDistributorId: string | null;
  /**
   * Set when a give-back committed but matching it again failed: the caller logs it and asks the
   * re-matcher for a full pass, which gives the waiting package its next chance.
   */
  matchError?: unknown;
};

/** The pair fields a package loses when it goes back to waiting. */
const unpaired = {
  distributorId: null,
  distributorName: null,
  distributorPhone: null,
  distributorAddress: null,
  distributorLat: null,
  distributorLng: null,
  meetAddress: null,
  meetLat: null,
  meetLng: null,
  distributorPath: null,
  donorPath: null,
  pairedAt: null,
  onWayAt: null,
  checkInBy: null,
  offerExpiresAt: null,
  handoverCode: null,
  handoverFailures: 0,
  handoverLockedUntil: null,
} as const;

async function freeCapacity(tx: Tx, pkg: PackageRow): Promise<string | null> {
  if (!pkg.distributorId) return null;
  await tx
    .update(distributors)
    .set({ openLoad: sql`${distributors.openLoad} - ${pkg.quantity}` })
    .where(eq(distributors.userId, pkg.distributorId));
  return pkg.distributorId;
}

function toDistributor(
  pkg: PackageRow,
  distributorId: string,
  kind: NewNotification['kind'],
  state: PackageRow['state'],
  { isAccepted }: { isAccepted: boolean },
) {
  return [
    {
      userId: distributorId,
      packageId: pkg.id,
      photo: null,
      state,
      userType: 'Distributor' as const,
      kind,
      // Before accepting, the distributor knows the meet point's area, never the pickup address.
      ...(isAccepted ? packageContext(pkg) : offerContext(pkg)),
      // The donor is named only to a distributor who accepted the package.
      counterpartName: isAccepted ? pkg.donorName : null,
    },
  ];
}

async function reread(tx: Tx, id: string): Promise<PackageRow> {
  const [row] = await tx.select().from(packages).where(eq(packages.id, id));
  if (!row) throw new Error(`package ${id} vanished inside its own transaction`);
  return row;
}

/**
 * Offers a waiting package to the best distributor left (or pairs it, if they accept
 * automatically); with nobody left, tells the donor no one is available.
 */
async function matchOrTellDonor(
  tx: Tx,
  pkg: PackageRow,
  settings: MatchSettings,
): Promise<NotificationRow[]> {
  const outcome = await tryMatchPackage(tx, pkg, settings);
  if (outcome.isPaired) return outcome.notifications;
  return insertNotifications(tx, donorNotification(pkg, 'notPaired', 'Not Paired'));
}

/**
 * Takes a package away from its distributor (declined, lapsed or released): their room is freed,
 * the package waits again, the change is on its timeline. Matching it again happens after this
 * commits, in a transaction of its own (matchAfterGiveBack): freeing one distributor's row and
 * claiming another's in one transaction would lock two distributor rows, and two give-backs
 * crossing between the same two distributors would deadlock.
 */
async function giveBack(
  tx: Tx,
  pkg: PackageRow,
  name: Extract<TransitionName, 'decline' | 'lapse' | 'release' | 'reclaim' | 'takeBack'>,
  reason: string | undefined,
  notify: NewNotification[],
  /** More of the package to write in the same update. */
  also: PgUpdateSetSource<typeof packages> = {},
): Promise<{ notifications: NotificationRow[]; freed: string | null }> {
  assertMay(name, pkg);
  const freed = await freeCapacity(tx, pkg);
  const { notifications } = await move(tx, pkg, name, {
    set: { ...unpaired, ...also },
    distributorId: freed,
    reason,
    notify,
  });
  return { notifications, freed };
}

/**
 * Offers a package that was just given back to the next distributor (or tells the donor nobody
 * is left). Another process may have matched or expired it meanwhile: then nothing is done. A
 * package past its pick-up time is left to the deadline sweep, which expires it.
 */
export async function matchAfterGiveBack(
  db: AppDb,
  packageId: string,
  settings: MatchSettings,
): Promise<{ package: PackageRow | null; notifications: NotificationRow[]; error?: unknown }> {
  try {
    return await db.transaction(async (tx) => {
      const [pkg] = await tx
        .select()
        .from(packages)
        .where(
          and(
            eq(packages.id, packageId),
            inArray(packages.state, [...TRANSITIONS.offer.from]),
            sql`${packages.readyUntil} > now()`,
          ),
        )
        .for('update');
      if (!pkg) {
        const [now] = await tx.select().from(packages).where(eq(packages.id, packageId));
        return { package: now ?? null, notifications: [] };
      }
      const notifications = await matchOrTellDonor(tx, pkg, settings);
      return { package: await reread(tx, pkg.id), notifications };
    });
  } catch (error) {
    // The give-back stands and the package waits; the caller says so (ChangeResult.matchError).
    const [now] = await db.select().from(packages).where(eq(packages.id, packageId));
    return { package: now ?? null, notifications: [], error };
  }
}

/** A give-back and then its new match, as one change for the caller. */
async function giveBackThenMatch(
  db: AppDb,
  packageId: string,
  settings: MatchSettings,
  giveBackTx: (
    tx: Tx,
  ) => Promise<{ notifications: NotificationRow[]; freed: string | null } | null>,
): Promise<ChangeResult | null> {
  const given = await db.transaction(giveBackTx);
  if (!given) return null;
  const matched = await matchAfterGiveBack(db, packageId, settings);
  if (!matched.package) throw new Error(`package ${packageId} vanished after its give-back`);
  return {
    package: matched.package,
    notifications: [...given.notifications, ...matched.notifications],
    freedDistributorId: given.freed,
    ...(matched.error === undefined ? {} : { matchError: matched.error }),
  };
}

/**
 * The offered distributor says yes: the package is Paired and both sides see each other. Said
 * away from the page (a WhatsApp button), the distributor is told too: their open page and their
 * other devices learn of it as the donor's do.
 */
export async function acceptOffer(
  db: AppDb,
  user: UserRow,
  packageId: string,
  settings: Pick<MatchSettings, 'byRecord'>,
  { awayFromPage = false }: { awayFromPage?: boolean } = {},
): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    const { pkg, now } = await lockWithClock(tx, packageId);
    await refuseFormerDistributor(tx, user, pkg);
    assertIsOfferedDistributor(user, pkg);
    assertMay('accept', pkg);
    if (pkg.offerExpiresAt && pkg.offerExpiresAt <= now) {
      throw conflict(
        'This offer has lapsed; the package is being offered to someone else.',
        words('offerLapsed'),
      );
    }
    if (pkg.readyUntil <= now) {
      throw pickupTimePassed();
    }
    const moved = await move(tx, pkg, 'accept', {
      set: {
        pairedAt: sql`now()`,
        // Under the reliable dispatch, by when they say they are on their way (decision 044);
        // not of someone who accepted from WhatsApp or SMS, where they cannot say it.
        checkInBy:
          settings.byRecord && !awayFromPage
            ? sql`almquest_check_in_by(${packages.createdAt}, ${packages.readyUntil}, ${packages.standingId}, now())`
            : null,
        onWayAt: null,
        offerExpiresAt: null,
        handoverCode: newHandoverCode(),
        handoverFailures: 0,
        handoverLockedUntil: null,
      },
      distributorId: user.id,
      notify: [
        ...donorNotification(pkg, 'pairedDonor', 'Paired', {
          picture: user.picture,
          name: pkg.distributorName,
        }),
        ...(awayFromPage
          ? toDistributor(pkg, user.id, 'pairedDistributor', 'Paired', { isAccepted: true })
          : []),
      ],
    });
    return { ...moved, freedDistributorId: null };
  });
}

/**
 * The assigned distributor says they have set out for the meet point: the donor is told, and
 * the package is no longer given to someone else for want of it (decision 044). Said twice, the
 * second time changes nothing.
 */
export async function setOutForPickup(
  db: AppDb,
  user: UserRow,
  packageId: string,
): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    const { pkg, now } = await lockWithClock(tx, packageId);
    await refuseFormerDistributor(tx, user, pkg);
    assertIsAssignedDistributor(user, pkg, 'setOut');
    assertMay('setOut', pkg);
    if (pkg.onWayAt) return { package: pkg, notifications: [], freedDistributorId: null };
    if (pkg.readyUntil <= now) throw pickupTimePassed();
    const moved = await move(tx, pkg, 'setOut', {
      set: { onWayAt: sql`now()`, checkInBy: null },
      distributorId: user.id,
      notify: donorNotification(pkg, 'onWay', 'Paired'),
    });
    return { ...moved, freedDistributorId: null };
  });
}

/**
 * The distributor gives the package back, and the next one is asked: the offered one says no
 * (any time before the offer is gone), or the assigned one cannot make it after all.
 */
export async function giveBackAsDistributor(
  db: AppDb,
  user: UserRow,
  packageId: string,
  kind: 'decline' | 'release',
  reason: string | undefined,
  settings: MatchSettings,
): Promise<ChangeResult> {
  const result = await giveBackThenMatch(db, packageId, settings, async (tx) => {
    const { pkg, now } = await lockWithClock(tx, packageId);
    await refuseFormerDistributor(tx, user, pkg);
    if (kind === 'decline') assertIsOfferedDistributor(user, pkg);
    else assertIsAssignedDistributor(user, pkg, 'release');
    // Given back too late for anyone else to go: as good as a missed pick-up.
    if (kind === 'release' && pkg.state === 'Paired' && (await isFairMiss(tx, pkg, now))) {
      await noteOnRecord(tx, user.id, 'pickupMissed');
    }
    // The donor hears of a release (their package waits again); a declined offer is quiet.
    const notify = kind === 'release' ? donorNotification(pkg, 'released', 'Not Paired') : [];
    return giveBack(tx, pkg, kind, reason, notify);
  });
  return result!;
}

/**
 * Calls off a package not yet Received (the caller holds its lock): it is Cancelled, its meals
 * leave the donor's lifetime figure, and its distributor's room is freed.
 */
async function callOff(
  tx: Tx,
  pkg: PackageRow,
  name: Extract<TransitionName, 'cancel' | 'cancelByCoordinator'>,
  reason: string | null,
  notify: (freed: string | null) => NewNotification[],
): Promise<{ notifications: NotificationRow[]; freed: string | null }> {
  assertMay(name, pkg);
  // Meals called off are not meals donated. The donor's row before the distributor's: the
  // order a donation takes them in (the other order deadlocked with a donation racing it).
  if (pkg.donorId) {
    await tx
      .update(donors)
      .set({ lifetimeDonation: sql`greatest(0, ${donors.lifetimeDonation} - ${pkg.quantity})` })
      .where(eq(donors.userId, pkg.donorId));
  }
  const freed = await freeCapacity(tx, pkg);
  const { notifications } = await move(tx, pkg, name, {
    set: { cancelledAt: sql`now()`, offerExpiresAt: null },
    reason,
    notify: notify(freed),
  });
  return { notifications, freed };
}

/** The donor calls a package off before it is Received; its distributor, if any, is told. */
export async function cancelPackage(
  db: AppDb,
  user: UserRow,
  packageId: string,
  reason: string | undefined,
): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    const { pkg } = await lockWithClock(tx, packageId);
    assertIsDonorOf(user, pkg, 'cancel');
    const { notifications, freed } = await cancelLockedByDonor(tx, pkg, reason);
    return { package: await reread(tx, pkg.id), notifications, freedDistributorId: freed };
  });
}

/** The donor's cancel of one package the caller has locked (a split donation cancels several). */
export async function cancelLockedByDonor(
  tx: Tx,
  pkg: PackageRow,
  reason: string | undefined,
): Promise<{ notifications: NotificationRow[]; freed: string | null }> {
  return callOff(tx, pkg, 'cancel', reason ?? null, (freed) =>
    freed
      ? toDistributor(pkg, freed, 'cancelled', 'Cancelled', { isAccepted: pkg.pairedAt !== null })
      : [],
  );
}

/**
 * Withdraws packages the caller holds locked (TRANSITIONS.withdraw): each must be Not Paired, and
 * is deleted, timeline and all. A donor deleting one, and a donor deleting their account, come
 * here.
 */
export async function withdrawLocked(
  tx: Tx,
  pkgs: readonly Pick<PackageRow, 'id' | 'state'>[],
): Promise<void> {
  for (const pkg of pkgs) assertMay('withdraw', pkg);
  if (pkgs.length === 0) return;
  await tx.delete(packages).where(
    inArray(
      packages.id,
      pkgs.map((p) => p.id),
    ),
  );
}

/** The donor withdraws a package while it is Not Paired; their lifetime total drops with it. */
export async function deletePackage(db: AppDb, user: UserRow, packageId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { pkg } = await lockWithClock(tx, packageId);
    assertIsDonorOf(user, pkg);
    assertMay('withdraw', pkg);
    // A report keeps its package: deleting it would erase the report too.
    const [reported] = await tx
      .select({ id: packageReports.id })
      .from(packageReports)
      .where(eq(packageReports.packageId, pkg.id))
      .limit(1);
    if (reported) {
      throw conflict(
        'This package has been reported, so it cannot be deleted. Cancel it instead.',
        words('reportedNoDelete'),
      );
    }
    await withdrawLocked(tx, [pkg]);
    await tx
      .update(donors)
      .set({ lifetimeDonation: sql`greatest(0, ${donors.lifetimeDonation} - ${pkg.quantity})` })
      .where(eq(donors.userId, user.id));
    // A part withdrawn makes its donation smaller: the parts still add up to it.
    if (pkg.groupId) await recountDonationGroups(tx, sql`g.id = ${pkg.groupId}`);
  });
}

/**
 * The donor changes how far they will travel while the package waits, or allows it to be split
 * across distributors; a Not Paired package is matched again at once.
 */
export async function widenPackage(
  db: AppDb,
  user: UserRow,
  packageId: string,
  change: { travelCapacity?: number | undefined; allowSplit?: true | undefined },
  settings: MatchSettings,
): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    const { pkg, now } = await lockWithClock(tx, packageId);
    assertIsDonorOf(user, pkg, 'change');
    const what =
      change.travelCapacity === undefined
        ? 'it can be allowed to split'
        : 'the travel capacity can change';
    assertMay(
      'widen',
      pkg,
      `This package is ${pkg.state}; ${what} only while it waits for a distributor.`,
    );
    if (pkg.readyUntil <= now) {
      throw pickupTimePassed();
    }
    const travelCapacity = change.travelCapacity ?? pkg.travelCapacity;
    // Widening only: a narrower range finds nobody new (and each change is on the timeline).
    if (change.travelCapacity !== undefined && travelCapacity <= pkg.travelCapacity) {
      throw badRequest(
        `Travel farther than the ${pkg.travelCapacity} km given now.`,
        { travelCapacity: `Enter more than ${pkg.travelCapacity} km` },
        words('travelFarther', { km: pkg.travelCapacity }),
        { travelCapacity: { key: 'field.travelMoreThan', params: { km: pkg.travelCapacity } } },
      );
    }
    const { package: updated } = await move(tx, pkg, 'widen', {
      set: { travelCapacity, allowSplit: change.allowSplit ?? pkg.allowSplit },
      isRecorded: change.travelCapacity !== undefined,
    });
    const notifications =
      updated.state === 'Not Paired'
        ? (await tryMatchPackage(tx, updated, settings)).notifications
        : [];
    return { package: await reread(tx, pkg.id), notifications, freedDistributorId: null };
  });
}

// ---- Coordinator actions: the caller holds the package's lock in its own transaction (a
// suspension handles several packages in one) and writes the audit log.

/**
 * A coordinator calls a package off before it is Received: as a donor's cancel, and the donor is
 * told too (they did not do it).
 */
export async function cancelLockedByCoordinator(
  tx: Tx,
  pkg: PackageRow,
): Promise<{ notifications: NotificationRow[]; freed: string | null }> {
  // The coordinator's reason stays in the audit log: it may be about one of the two sides.
  return callOff(tx, pkg, 'cancelByCoordinator', null, (freed) => [
    ...donorNotification(pkg, 'cancelledByCoordinator', 'Cancelled'),
    ...(freed
      ? toDistributor(pkg, freed, 'cancelledByCoordinator', 'Cancelled', {
          isAccepted: pkg.pairedAt !== null,
        })
      : []),
  ]);
}

/**
 * A coordinator takes an Offered or Paired package away from its distributor (they were
 * suspended): it waits again, both sides are told, and the caller matches it once committed
 * (matchAfterGiveBack). The distributor is not offered it again (a 'takenBack' event).
 */
export async function takeBackLocked(
  tx: Tx,
  pkg: PackageRow,
): Promise<{ notifications: NotificationRow[]; freed: string | null }> {
  const distributorId = pkg.distributorId;
  // 'takenBack', not 'released': it is not counted against the distributor as a release, and
  // the reason (a suspension's) is not shown to the donor.
  return giveBack(tx, pkg, 'takeBack', undefined, [
    ...(pkg.pairedAt ? donorNotification(pkg, 'released', 'Not Paired') : []),
    ...(distributorId
      ? toDistributor(pkg, distributorId, 'takenOver', 'Not Paired', {
          isAccepted: pkg.pairedAt !== null,
        })
      : []),
  ]);
}

// ---- Deadlines: each acts on one package, re-checked under its lock (SKIP LOCKED: a package
// another process or request holds is left for the next sweep).

async function lockDue(tx: Tx, id: string, due: SQL) {
  const [row] = await tx
    .select()
    .from(packages)
    .where(and(eq(packages.id, id), due))
    .for('update', { skipLocked: true });
  return row ?? null;
}

/**
 * A package is at risk when a third of its window is left (from donating to its pick-up time)
 * and nobody has accepted it.
 */
const atRiskAt = sql`${packages.readyUntil} - (${packages.readyUntil} - ${packages.createdAt}) / 3`;

/**
 * Each deadline: the packages it may still fall on, and when it does (a column, or reckoned
 * from them). The half-window warning and the at-risk alert change no state: they are for a
 * package still waiting (as widen asks), once each.
 */
const DEADLINES = {
  offer: {
    waiting: sql`${packages.state} in ${sql.raw(fromStatesSql('lapse'))}`,
    at: packages.offerExpiresAt,
  },
  pickup: {
    waiting: sql`${packages.state} in ${sql.raw(fromStatesSql('expire'))}`,
    at: packages.readyUntil,
  },
  halfWindow: {
    waiting: sql`${packages.state} in ${sql.raw(fromStatesSql('widen'))} and ${packages.warnedAt} is null`,
    at: packages.warnAt,
  },
  atRisk: {
    waiting: sql`${packages.state} in ${sql.raw(fromStatesSql('widen'))} and ${packages.raisedAt} is null`,
    at: atRiskAt,
  },
  /**
   * Set only under the reliable dispatch, when a package is paired (almquest_check_in_by); acted
   * on only under it (duePackages), and never past the pick-up time (expiry comes first).
   */
  checkIn: {
    waiting: sql`${packages.state} in ${sql.raw(fromStatesSql('reclaim'))} and ${packages.onWayAt} is null and ${packages.readyUntil} > now()`,
    at: packages.checkInBy,
  },
} satisfies Record<string, { waiting: SQL; at: PgColumn | SQL }>;
const passed = ({ waiting, at }: { waiting: SQL; at: PgColumn | SQL }) =>
  sql`${waiting} and ${at} <= now()`;
const offerLapsed = passed(DEADLINES.offer);
const pickupMissed = passed(DEADLINES.pickup);
const halfWindowPassed = passed(DEADLINES.halfWindow);
const atRiskReached = passed(DEADLINES.atRisk);
const checkInMissed = passed(DEADLINES.checkIn);

/**
 * Nobody said they were on their way in time: the package goes to the next distributor while
 * there is time for one to go, and the silent one is told (and not offered it again). On their
 * record it counts as an offer let lapse, not a missed pick-up: the food was not lost, and at
 * night it falls on people asleep who accept automatically.
 */
export async function reclaimPackage(
  db: AppDb,
  packageId: string,
  settings: MatchSettings,
): Promise<ChangeResult | null> {
  return giveBackThenMatch(db, packageId, settings, async (tx) => {
    const pkg = await lockDue(tx, packageId, checkInMissed);
    if (!pkg || !pkg.distributorId) return null;
    await noteOnRecord(tx, pkg.distributorId, 'offerLapsed');
    return giveBack(
      tx,
      pkg,
      'reclaim',
      undefined,
      [
        ...donorNotification(pkg, 'reclaimedDonor', 'Not Paired'),
        ...toDistributor(pkg, pkg.distributorId, 'reclaimed', 'Not Paired', { isAccepted: true }),
      ],
      // The donor is told now that another distributor is sought: not again at half the window.
      { warnedAt: sql`coalesce(${packages.warnedAt}, now())` },
    );
  });
}

/** An unanswered offer: the package goes to the next distributor; the silent one is told. */
export async function lapseOffer(
  db: AppDb,
  packageId: string,
  settings: MatchSettings,
): Promise<ChangeResult | null> {
  return giveBackThenMatch(db, packageId, settings, async (tx) => {
    const pkg = await lockDue(tx, packageId, offerLapsed);
    if (!pkg || !pkg.distributorId) return null;
    if (!wasCutShort(pkg)) await noteOnRecord(tx, pkg.distributorId, 'offerLapsed');
    return giveBack(
      tx,
      pkg,
      'lapse',
      undefined,
      toDistributor(pkg, pkg.distributorId, 'offerLapsed', 'Not Paired', { isAccepted: false }),
    );
  });
}

/** Not Received by its pickup time: Expired, both sides told, the distributor's room freed. */
export async function expirePackage(db: AppDb, packageId: string): Promise<ChangeResult | null> {
  return db.transaction(async (tx) => {
    const pkg = await lockDue(tx, packageId, pickupMissed);
    if (!pkg) return null;
    const freed = await freeCapacity(tx, pkg);
    // Held until it expired, with fair notice: a pick-up missed. (An offer still open now was
    // cut short by the pick-up time: nobody is charged for it.)
    if (freed && pkg.state === 'Paired' && (await isFairMiss(tx, pkg, null))) {
      await noteOnRecord(tx, freed, 'pickupMissed');
    }
    const moved = await move(tx, pkg, 'expire', {
      set: { expiredAt: sql`now()`, offerExpiresAt: null },
      notify: [
        ...donorNotification(pkg, 'expiredDonor', 'Expired'),
        ...(freed
          ? toDistributor(pkg, freed, 'expiredDistributor', 'Expired', {
              isAccepted: pkg.pairedAt !== null,
            })
          : []),
      ],
    });
    return { ...moved, freedDistributorId: freed };
  });
}

/** Half the window gone and still waiting: the donor is told once, and may widen the range. */
export async function warnDonor(db: AppDb, packageId: string): Promise<ChangeResult | null> {
  return db.transaction(async (tx) => {
    const pkg = await lockDue(tx, packageId, halfWindowPassed);
    if (!pkg) return null;
    await tx
      .update(packages)
      .set({ warnedAt: sql`now()` })
      .where(eq(packages.id, pkg.id));
    const notifications = await insertNotifications(
      tx,
      donorNotification(pkg, 'stillWaiting', pkg.state),
    );
    return { package: pkg, notifications, freedDistributorId: null };
  });
}

/**
 * A third of the window left and nobody has accepted: raised to coordinators once (the console
 * lists it first), each coordinator who has signed in is alerted (bell, push and e-mail as they
 * chose, as for an offer), and the log says so for whoever watches it.
 */
export async function raiseAtRisk(
  db: AppDb,
  packageId: string,
  coordinatorEmails: ReadonlySet<string>,
): Promise<ChangeResult | null> {
  return db.transaction(async (tx) => {
    const pkg = await lockDue(tx, packageId, atRiskReached);
    if (!pkg) return null;
    await tx
      .update(packages)
      .set({ raisedAt: sql`now()` })
      .where(eq(packages.id, pkg.id));
    const emails = [...coordinatorEmails];
    const coordinators =
      emails.length === 0
        ? []
        : await queryRows<{ id: string }>(
            tx,
            sql`select id from users where lower(email) in (${sql.join(
              emails.map((email) => sql`${email}`),
              sql`, `,
            )}) and suspended_at is null`,
          );
    const notifications = await insertNotifications(
      tx,
      coordinators.map((c): NewNotification => ({
        userId: c.id,
        packageId: pkg.id,
        photo: null,
        state: pkg.state,
        userType: 'Coordinator',
        kind: 'atRisk',
        ...packageContext(pkg),
        counterpartName: null,
      })),
    );
    return { package: pkg, notifications, freedDistributorId: null };
  });
}

/**
 * When the next deadline falls (an offer lapsing, a pick-up missed, a half-window warning, a
 * package at risk), or null when none waits: the simulation moves its clock straight there.
 */
export async function nextDeadline(
  db: AppDb,
  settings: Pick<MatchSettings, 'byRecord'>,
): Promise<Date | null> {
  const { checkIn, ...always } = DEADLINES;
  const soonest = Object.values(settings.byRecord ? { ...always, checkIn } : always).map(
    ({ waiting, at }) => sql`(select min(${at}) from ${packages} where ${waiting})`,
  );
  const [row] = await queryRows<{ at: string | null }>(
    db,
    sql`select least(${sql.join(soonest, sql`, `)}) as at`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** Ids of packages whose deadline has passed, oldest deadline first, a batch at a time. */
export async function duePackages(
  db: AppDb,
  limit: number,
  settings: Pick<MatchSettings, 'byRecord'>,
) {
  const ids = (where: SQL, order: PgColumn | SQL) =>
    db.select({ id: packages.id }).from(packages).where(where).orderBy(order).limit(limit);
  const [lapsed, expired, warned, raised, reclaimed] = await Promise.all([
    ids(offerLapsed, packages.offerExpiresAt),
    ids(pickupMissed, packages.readyUntil),
    ids(halfWindowPassed, packages.warnAt),
    ids(atRiskReached, atRiskAt),
    // A switch back to nearest-first leaves packages paired before it to the pick-up time.
    settings.byRecord ? ids(checkInMissed, packages.checkInBy) : Promise.resolve([]),
  ]);
  return {
    lapsed: lapsed.map((r) => r.id),
    expired: expired.map((r) => r.id),
    warned: warned.map((r) => r.id),
    raised: raised.map((r) => r.id),
    reclaimed: reclaimed.map((r) => r.id),
  };
}
