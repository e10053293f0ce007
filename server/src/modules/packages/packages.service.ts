import type { Location } from '@almquest/contracts/location';
import { DISTANCE_RANGE_MAX_KM } from '@almquest/contracts/users';
import {
  type Diet,
  HANDOVER_CODE_TRIES,
  HANDOVER_LOCK_MINUTES,
  PICKUP_WINDOW_DEFAULT_HOURS,
} from '@almquest/contracts/packages';
import { type AnyColumn, and, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import {
  type AppDb,
  type Executor,
  isForeignKeyViolation,
  isUniqueViolation,
  preparedPerDb,
  queryRows,
  runAgainOnConflict,
  type Tx,
} from '../../db/client';
import {
  distributors,
  donationGroups,
  donors,
  packageEvents,
  packageReports,
  packages,
  users,
} from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import {
  type MatchSettings,
  newHandoverCode,
  packageFromDatabase,
  tryMatchPackage,
} from '../../matching/assign';
import { recordEvents } from '../../db/package-events';
import type { NotificationRow, PackageRow, UserRow } from '../../db/rows';
import {
  donorContext,
  donorNotification,
  insertNotifications,
  notificationFromDatabase,
} from '../../db/notifications';
import { assertIsAssignedDistributor, assertIsDonorOf } from './packages.policy';

export type DonationInput = {
  quantity: number;
  travelCapacity: number;
  location: Location;
  idempotencyKey?: string | undefined;
  readyUntil?: string | undefined;
  diet?: Diet | undefined;
  /** Issue #20: it may be split across distributors when no one has room for all of it. */
  allowSplit?: boolean | undefined;
};

export type DonationResult = {
  package: PackageRow;
  isNew: boolean;
  notifications: NotificationRow[];
  /** Distributors a split's waiting rest passed over: the re-matcher serves them after commit. */
  passedOver?: string[];
};

/** What almquest_donate answers (migration 0026), as the database names the columns. */
type DonateAnswer =
  | { refused: 'gone' | 'suspended' }
  | {
      package: Record<string, unknown>;
      notifications: Record<string, unknown>[];
      passedOver: string[];
    };

function donationOf(answer: DonateAnswer): DonationResult {
  if ('refused' in answer) {
    throw answer.refused === 'gone'
      ? notFound('Your account no longer exists.')
      : forbidden('Your account is suspended.');
  }
  return {
    package: packageFromDatabase(answer.package),
    isNew: true,
    notifications: answer.notifications.map(notificationFromDatabase),
    ...(answer.passedOver.length ? { passedOver: answer.passedOver } : {}),
  };
}

/** The package a key made, with the whole donation's meals (more than its own once split). */
async function findByIdempotencyKey(db: AppDb | Tx, donorId: string, key: string) {
  const [row] = await db
    .select({ pkg: packages, total: donationGroups.quantity })
    .from(packages)
    .leftJoin(donationGroups, eq(donationGroups.id, packages.groupId))
    .where(and(eq(packages.donorId, donorId), eq(packages.idempotencyKey, key)));
  return row ? { ...row.pkg, donatedQuantity: row.total ?? row.pkg.quantity } : null;
}

/**
 * A repeated idempotency key: the same donation again answers with the first package; a
 * different donation under the same key is refused (422), never answered with the wrong package.
 */
function repeatOf(
  { donatedQuantity, ...existing }: PackageRow & { donatedQuantity: number },
  input: DonationInput,
): DonationResult {
  const isSame =
    donatedQuantity === input.quantity &&
    existing.allowSplit === (input.allowSplit ?? false) &&
    existing.travelCapacity === input.travelCapacity &&
    existing.address === input.location.address &&
    existing.lat === input.location.coordinates[0] &&
    existing.lng === input.location.coordinates[1] &&
    existing.diet === (input.diet ?? 'veg') &&
    (input.readyUntil === undefined ||
      existing.readyUntil.getTime() === Date.parse(input.readyUntil));
  if (!isSame) {
    throw new AppError(
      422,
      'idempotency_key_reused',
      'This idempotency key was already used for a different donation. Use a new key.',
      { idempotencyKey: 'Already used for a different donation' },
    );
  }
  return { package: existing, isNew: false, notifications: [] };
}

/**
 * A distributor who was offered or held the package before it went to someone else knows it
 * exists: they are told it is no longer theirs (409), where a stranger hears only "No such
 * package" (404).
 */
export async function refuseFormerDistributor(tx: AppDb | Tx, user: UserRow, pkg: PackageRow) {
  if (pkg.donorId === user.id || pkg.distributorId === user.id) return;
  const [row] = await tx
    .select({ id: packageEvents.id })
    .from(packageEvents)
    .where(and(eq(packageEvents.packageId, pkg.id), eq(packageEvents.distributorId, user.id)))
    .limit(1);
  if (row) throw noLongerYours();
}

/** The same refusal, from a timeline already read (a package page, issue #21). */
export function refuseFormerDistributorByEvents(
  user: UserRow,
  pkg: PackageRow,
  events: readonly Pick<PackageEventRow, 'distributorId'>[],
) {
  if (pkg.donorId === user.id || pkg.distributorId === user.id) return;
  if (events.some((e) => e.distributorId === user.id)) throw noLongerYours();
}

const noLongerYours = () => conflict('This package is no longer offered or assigned to you.');

/** Past its pick-up time a package only waits to be expired: nothing else may move it. */
export function pickupTimePassed() {
  return conflict('The pickup time of this package has passed; it can no longer be received.');
}

/** The pickup window when a donation gives none. */
function defaultReadyUntil(now = Date.now()): Date {
  return new Date(now + PICKUP_WINDOW_DEFAULT_HOURS * 3_600_000);
}

async function lockPackage(tx: Tx, id: string): Promise<PackageRow> {
  return (await lockWithClock(tx, id)).pkg;
}

/** The package, locked, with the database's clock (one clock for every server process). */
export async function lockWithClock(tx: Tx, id: string): Promise<{ pkg: PackageRow; now: Date }> {
  const [row] = await tx
    .select({ ...getTableColumns(packages), dbNow: sql`now()`.mapWith(packages.createdAt) })
    .from(packages)
    .where(eq(packages.id, id))
    .for('update');
  // Same answer as someone else's package (packages.policy): nothing to learn from it.
  if (!row) throw notFound('No such package.');
  const { dbNow, ...pkg } = row;
  return { pkg, now: dbNow };
}

/**
 * A donor lists a package: it is stored, counted in their lifetime donation and matched, all in
 * one transaction (one statement unless it may be split); a repeated idempotency key returns the
 * first package instead of a second.
 */
export async function donate(
  db: AppDb,
  donor: UserRow,
  input: DonationInput,
  settings: MatchSettings,
): Promise<DonationResult> {
  const key = input.idempotencyKey;
  if (key) {
    const existing = await findByIdempotencyKey(db, donor.id, key);
    if (existing) return repeatOf(existing, input);
  }
  const createdAt = new Date();
  const readyUntil = input.readyUntil ? new Date(input.readyUntil) : defaultReadyUntil();
  // Migration 0026's almquest_donate: the person's lock and row, the package, its first timeline
  // entry and the lifetime count, then (unless it may be split) the match and the notices.
  const store = (executor: Executor, withMatch: boolean) =>
    queryRows<{ answer: DonateAnswer }>(
      executor,
      sql`select almquest_donate(${donor.id}::uuid, ${input.location.address}::text,
            ${input.location.coordinates[0]}::float8, ${input.location.coordinates[1]}::float8,
            ${input.quantity}::int, ${input.travelCapacity}::float8, ${key ?? null}::text,
            ${createdAt}::timestamptz, ${readyUntil}::timestamptz,
            ${
              // Halfway through the window the donor hears whether anyone has taken it yet.
              new Date((createdAt.getTime() + readyUntil.getTime()) / 2)
            }::timestamptz,
            ${input.diet ?? 'veg'}::text, ${input.allowSplit ?? false}::boolean,
            ${withMatch}::boolean, ${settings.offerMs}::float8, ${newHandoverCode()}::text,
            ${DISTANCE_RANGE_MAX_KM}::float8) as answer`,
    ).then(([row]) => donationOf(row!.answer));
  try {
    if (!input.allowSplit) {
      // One statement, its own transaction (issue #21): no round trip while a room is held.
      return await runAgainOnConflict(() => store(db, true));
    }
    return await db.transaction(async (tx) => {
      const stored = await store(tx, false);
      const outcome = await tryMatchPackage(tx, stored.package, settings);
      const notifications = outcome.isPaired
        ? outcome.notifications
        : await insertNotifications(
            tx,
            donorNotification(stored.package, 'notPaired', 'Not Paired'),
          );
      // A pairing answers with the package as it wrote it: no read while the room is held.
      const final =
        (outcome.isPaired ? outcome.package : undefined) ??
        (await tx.select().from(packages).where(eq(packages.id, stored.package.id)))[0];
      return {
        package: final!,
        isNew: true,
        notifications,
        ...(outcome.passedOver?.length ? { passedOver: outcome.passedOver } : {}),
      };
    });
  } catch (error) {
    // The same key sent twice at once: the second insert loses the race; answer with the first.
    if (key && isUniqueViolation(error, 'packages_donor_idempotency_key')) {
      const existing = await findByIdempotencyKey(db, donor.id, key);
      if (existing) return repeatOf(existing, input);
    }
    // The donor deleted their account while this donation was on its way: nothing was written.
    if (isForeignKeyViolation(error)) throw notFound('Your account no longer exists.');
    throw error;
  }
}

/**
 * Both sides' names and phones as their profiles say now (the stored ones where a side is gone).
 * `whileOpen`: only for a Paired or Received package, finished ones keeping what was stored.
 * Read so while a package is under way (a change that raced the pairing, read before the pair
 * was committed, would otherwise leave the old number for good), and written so when it is
 * marked Distributed.
 */
function profileContacts({ whileOpen }: { whileOpen: boolean }) {
  const contact = (column: 'name' | 'phone', of: AnyColumn, stored: AnyColumn) => {
    const fresh = sql<string>`coalesce((select u.${sql.raw(column)} from ${users} u where u.id = ${of}), ${stored})`;
    return whileOpen
      ? sql<string>`case when ${packages.state} in ('Paired', 'Received') then ${fresh} else ${stored} end`
      : fresh;
  };
  return {
    donorName: contact('name', packages.donorId, packages.donorName),
    donorPhone: contact('phone', packages.donorId, packages.donorPhone),
    distributorName: contact('name', packages.distributorId, packages.distributorName),
    distributorPhone: contact('phone', packages.distributorId, packages.distributorPhone),
  };
}

/** A package as a read shows it: its row, with both sides' contacts as they are now. */
const packageReadColumns = () => ({
  ...getTableColumns(packages),
  ...profileContacts({ whileOpen: true }),
});

const packageByIdQuery = preparedPerDb((db) =>
  db
    .select(packageReadColumns())
    .from(packages)
    .where(eq(packages.id, sql.placeholder('id')))
    .prepare('package_by_id'),
);

export async function getPackage(db: AppDb, id: string): Promise<PackageRow> {
  const [row] = await packageByIdQuery(db).execute({ id });
  if (!row) throw notFound('No such package.');
  return row;
}

export type PackageEventRow = typeof packageEvents.$inferSelect;

/** A timeline row as json_build_object gives it: its time as text. */
type PackageEventJson = Omit<PackageEventRow, 'at'> & { at: string };

/**
 * The package and its timeline in one statement (issue #21: a package page is one round trip).
 * The timeline also says who was ever offered or given it, which the read needs to know.
 */
const packageWithEventsQuery = preparedPerDb((db) =>
  db
    .select({
      ...packageReadColumns(),
      timeline: sql<PackageEventJson[]>`coalesce((
        select json_agg(json_build_object(
          'id', e.id, 'packageId', e.package_id, 'kind', e.kind,
          'distributorId', e.distributor_id, 'reason', e.reason, 'at', e.at
        ) order by e.id)
        from ${packageEvents} e where e.package_id = ${packages}.id
      ), '[]'::json)`,
    })
    .from(packages)
    .where(eq(packages.id, sql.placeholder('id')))
    .prepare('package_with_events'),
);

export async function getPackageWithEvents(
  db: AppDb,
  id: string,
): Promise<{ pkg: PackageRow; events: PackageEventRow[] }> {
  const [row] = await packageWithEventsQuery(db).execute({ id });
  if (!row) throw notFound('No such package.');
  const { timeline, ...pkg } = row;
  return { pkg, events: timeline.map((e) => ({ ...e, at: new Date(e.at) })) };
}

/** A package's timeline, oldest first. */
export async function getPackageEvents(db: AppDb, id: string): Promise<PackageEventRow[]> {
  return db
    .select()
    .from(packageEvents)
    .where(eq(packageEvents.packageId, id))
    .orderBy(packageEvents.id);
}

export type MarkInput = {
  donorId: string;
  distributorId: string;
  packageId: string;
  state: 'Received' | 'Distributed';
  code?: string | undefined;
  servedCount?: number | undefined;
};
export type MarkResult = {
  package: PackageRow;
  notifications: NotificationRow[];
  hasFreedCapacity: boolean;
};

/** Refused by the handover code: why, and what the distributor is to be told. */
type HandoverRefusal = { isLocked: boolean; triesLeft: number; lockedUntil: Date | null };

function handoverError(refusal: HandoverRefusal): AppError {
  if (refusal.isLocked) {
    return new AppError(429, 'handover_locked', 'Too many wrong codes. Try again later.', {
      code: 'Too many wrong codes; try again later',
    });
  }
  return new AppError(422, 'wrong_handover_code', 'That is not the handover code.', {
    code:
      refusal.triesLeft === 1
        ? 'Wrong code: 1 try left'
        : `Wrong code: ${refusal.triesLeft} tries left`,
  });
}

/**
 * Checks the code for Received. A wrong one is counted (and the count kept, even though the
 * request is refused). Every fifth wrong code in a row locks Received, for 10 minutes the first
 * time and twice as long each time after, so guessing through a 48-hour window gets a few dozen
 * tries, not a thousand (the count restarts only with a new pairing).
 */
async function checkHandoverCode(
  tx: Tx,
  pkg: PackageRow,
  code: string | undefined,
  now: Date,
): Promise<HandoverRefusal | null> {
  if (pkg.handoverLockedUntil && pkg.handoverLockedUntil > now) {
    return { isLocked: true, triesLeft: 0, lockedUntil: pkg.handoverLockedUntil };
  }
  if (code === undefined) {
    throw badRequest('Enter the 4-digit handover code the donor shows you.', {
      code: 'Enter the 4-digit handover code',
    });
  }
  if (pkg.handoverCode !== null && code === pkg.handoverCode) return null;
  const failures = pkg.handoverFailures + 1;
  const isLocked = failures % HANDOVER_CODE_TRIES === 0;
  const lockMinutes = HANDOVER_LOCK_MINUTES * 2 ** (failures / HANDOVER_CODE_TRIES - 1);
  const [row] = await tx
    .update(packages)
    .set({
      handoverFailures: failures,
      ...(isLocked
        ? { handoverLockedUntil: sql`now() + ${lockMinutes} * interval '1 minute'` }
        : {}),
    })
    .where(eq(packages.id, pkg.id))
    .returning({ lockedUntil: packages.handoverLockedUntil });
  return {
    isLocked,
    triesLeft: HANDOVER_CODE_TRIES - (failures % HANDOVER_CODE_TRIES),
    lockedUntil: row?.lockedUntil ?? null,
  };
}

/**
 * The assigned distributor marks Paired -> Received (with the donor's handover code, before the
 * pickup time has passed), then Received -> Distributed; counters change in the same
 * transaction. Anything out of order is a 409 saying why.
 */
export async function markPackage(db: AppDb, user: UserRow, input: MarkInput): Promise<MarkResult> {
  const outcome = await db.transaction(async (tx): Promise<MarkResult | HandoverRefusal> => {
    const { pkg, now } = await lockWithClock(tx, input.packageId);
    await refuseFormerDistributor(tx, user, pkg);
    assertIsAssignedDistributor(user, pkg);
    if (pkg.donorId !== input.donorId) {
      throw badRequest('donor_id does not match this package.', {
        donor_id: 'Does not match this package',
      });
    }
    const expected = input.state === 'Received' ? 'Paired' : 'Received';
    if (pkg.state !== expected) {
      throw conflict(
        pkg.state === input.state
          ? `This package is already ${pkg.state}.`
          : `This package is ${pkg.state}; only a ${expected} package can be marked ${input.state}.`,
      );
    }
    const isDistributed = input.state === 'Distributed';
    if (!isDistributed) {
      if (pkg.readyUntil <= now) {
        throw pickupTimePassed();
      }
      const refusal = await checkHandoverCode(tx, pkg, input.code, now);
      if (refusal) return refusal;
    }
    const [updated] = await tx
      .update(packages)
      .set(
        isDistributed
          ? {
              state: 'Distributed',
              distributedAt: sql`now()`,
              servedCount: input.servedCount ?? null,
              // What the finished package keeps: both sides' names and phones as they are now.
              ...profileContacts({ whileOpen: false }),
            }
          : { state: 'Received', receivedAt: sql`now()`, handoverFailures: 0 },
      )
      .where(eq(packages.id, pkg.id))
      .returning();
    if (isDistributed) {
      await tx
        .update(distributors)
        .set({
          openLoad: sql`${distributors.openLoad} - ${pkg.quantity}`,
          totalPackagesDistributed: sql`${distributors.totalPackagesDistributed} + 1`,
        })
        .where(eq(distributors.userId, user.id));
    }
    await recordEvents(tx, [
      {
        packageId: pkg.id,
        kind: isDistributed ? 'distributed' : 'received',
        distributorId: user.id,
      },
    ]);
    const notifications = pkg.donorId
      ? await insertNotifications(tx, [
          {
            userId: pkg.donorId,
            packageId: pkg.id,
            photo: user.picture,
            state: input.state,
            userType: 'Donor',
            kind: isDistributed ? 'distributed' : 'received',
            ...donorContext(pkg),
            counterpartName: pkg.distributorName,
          },
        ])
      : [];
    return { package: updated!, notifications, hasFreedCapacity: isDistributed };
  });
  // A wrong code is refused only once its count is committed.
  if ('isLocked' in outcome) throw handoverError(outcome);
  return outcome;
}

/** The donor withdraws a package while it is Not Paired; their lifetime total drops with it. */
export async function deletePackage(db: AppDb, user: UserRow, packageId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const pkg = await lockPackage(tx, packageId);
    assertIsDonorOf(user, pkg);
    if (pkg.state !== 'Not Paired') {
      throw conflict(`This package is ${pkg.state}; only a Not Paired package can be deleted.`);
    }
    // A report keeps its package (issue #19): deleting it would erase the report too.
    const [reported] = await tx
      .select({ id: packageReports.id })
      .from(packageReports)
      .where(eq(packageReports.packageId, pkg.id))
      .limit(1);
    if (reported) {
      throw conflict('This package has been reported, so it cannot be deleted. Cancel it instead.');
    }
    await tx.delete(packages).where(eq(packages.id, pkg.id));
    await tx
      .update(donors)
      .set({ lifetimeDonation: sql`greatest(0, ${donors.lifetimeDonation} - ${pkg.quantity})` })
      .where(eq(donors.userId, user.id));
    // A part withdrawn makes its donation smaller (issue #20): the parts still add up to it.
    if (pkg.groupId) await recountDonationGroups(tx, sql`g.id = ${pkg.groupId}`);
  });
}

/**
 * Sets split donations' totals to what their packages add up to, after parts were deleted, and
 * removes a donation left with no parts. `which` picks the donations (alias g).
 */
export async function recountDonationGroups(tx: Tx, which: SQL): Promise<void> {
  await tx.execute(sql`
    delete from ${donationGroups} g
    where ${which} and not exists (select 1 from ${packages} p where p.group_id = g.id)`);
  await tx.execute(sql`
    update ${donationGroups} g
    set quantity = (select sum(p.quantity) from ${packages} p where p.group_id = g.id)
    where ${which}`);
}

/** The cursor is the id of the last package shown; the next page starts after it. */
function checkCursor(cursor: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(cursor)) {
    throw badRequest('That page link is not valid.', { cursor: 'Not a valid cursor' });
  }
  return cursor;
}

/** A user's packages, newest first: donated for a donor, assigned for a distributor. */
export async function listPackages(
  db: AppDb,
  user: UserRow,
  options: { cursor?: string | undefined; limit: number },
): Promise<{ rows: (PackageRow & { groupQuantity: number | null })[]; nextCursor: string | null }> {
  const owner =
    user.userType === 'donor' ? eq(packages.donorId, user.id) : eq(packages.distributorId, user.id);
  const after = options.cursor ? checkCursor(options.cursor) : null;
  if (after) {
    // A cursor is one of the caller's own packages; anyone else's (or none) is refused, so the
    // list never reveals, by its answer, whether or when another person's package exists.
    const [own] = await db
      .select({ id: packages.id })
      .from(packages)
      .where(and(owner, eq(packages.id, after)));
    if (!own) throw badRequest('That page link is not valid.', { cursor: 'Not a valid cursor' });
  }
  const found = await db
    .select({ pkg: packages, groupQuantity: donationGroups.quantity })
    .from(packages)
    .leftJoin(donationGroups, eq(donationGroups.id, packages.groupId))
    .where(
      after
        ? and(
            owner,
            // Compared in the database, at its full timestamp precision.
            sql`(${packages.createdAt}, ${packages.id}) < (select p.created_at, p.id from ${packages} p where p.id = ${after})`,
          )
        : owner,
    )
    .orderBy(desc(packages.createdAt), desc(packages.id))
    .limit(options.limit + 1);
  const rows = found.map((row) => ({ ...row.pkg, groupQuantity: row.groupQuantity }));
  const page = rows.slice(0, options.limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > options.limit && last ? last.id : null };
}
