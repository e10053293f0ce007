import type { Location } from '@almquest/contracts/location';
import { DISTANCE_RANGE_MAX_KM } from '@almquest/contracts/users';
import {
  type Diet,
  type FoodKind,
  type Package,
  PICKUP_WINDOW_DEFAULT_HOURS,
  foodUseBy,
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
  packages,
  users,
} from '../../db/schema';
import { AppError, badRequest, forbidden, notFound, words } from '../../errors';
import {
  type MatchSettings,
  newHandoverCode,
  offerToChosen,
  packageFromDatabase,
  tryMatchPackage,
} from '../../matching/assign';
import { matchDuration } from '../../metrics/metrics';
import type { NotificationRow, PackageRow, UserRow } from '../../db/rows';
import {
  donorNotification,
  insertNotifications,
  notificationFromDatabase,
} from '../../db/notifications';

export type DonationInput = {
  quantity: number;
  travelCapacity: number;
  location: Location;
  idempotencyKey?: string | undefined;
  readyUntil?: string | undefined;
  diet?: Diet | undefined;
  /** It may be split across distributors when no one has room for all of it. */
  allowSplit?: boolean | undefined;
  foodKind?: FoodKind | undefined;
  /** Cooked food: when it was prepared (checked by the request's schema: at most 4 hours ago). */
  preparedAt?: string | undefined;
  /**
   * One day of a standing donation (decision 041): the package names it, and the distributor who
   * takes it every day is given it first (paired without an offer), while they can take it.
   */
  standing?: { id: string; date: string; pickupBy: string | null } | undefined;
};

export type DonationResult = {
  package: PackageRow;
  isNew: boolean;
  notifications: NotificationRow[];
  /** Distributors a split's waiting rest passed over: the re-matcher serves them after commit. */
  passedOver?: string[];
};

/** What almquest_donate answers (db/functions/almquest_donate.sql), as the database names the columns. */
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
      ? notFound('Your account no longer exists.', words('accountGone'))
      : forbidden('Your account is suspended.', words('suspended'));
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
    existing.foodKind === (input.foodKind ?? null) &&
    (existing.preparedAt?.getTime() ?? null) ===
      (input.preparedAt === undefined ? null : Date.parse(input.preparedAt)) &&
    (input.readyUntil === undefined ||
      existing.readyUntil.getTime() === Date.parse(input.readyUntil));
  if (!isSame) {
    throw new AppError(
      422,
      'idempotency_key_reused',
      'This idempotency key was already used for a different donation. Use a new key.',
      words('idempotencyKeyReused'),
      { idempotencyKey: 'Already used for a different donation' },
      { idempotencyKey: { key: 'server.idempotencyKeyUsed' } },
    );
  }
  return { package: existing, isNew: false, notifications: [] };
}

/**
 * Whether the distributor who takes a standing donation every day is given this day first: they
 * reach it (their range and the donor's travel, as matching counts reach) and have not missed more
 * pick-ups than they collected. Otherwise the day is matched as any other (offerToChosen checks
 * the rest: suspension, activity, room, diet).
 */
async function mayTakeStandingDay(tx: Tx, pkg: PackageRow, distributorId: string) {
  const [row] = await queryRows<{ may: boolean }>(
    tx,
    sql`select almquest_distance_km(u.lat, u.lng, ${pkg.lat}::float8, ${pkg.lng}::float8)
                 <= ${pkg.travelCapacity}::float8 + d.distance_range
               and d.pickups_missed <= d.pickups_collected as may
          from ${users} u join distributors d on d.user_id = u.id
         where u.id = ${distributorId}::uuid and u.lat is not null`,
  );
  return row?.may === true;
}

/**
 * The pickup window when a donation gives none: three hours, or until cooked food must be eaten
 * when that comes first.
 */
function defaultReadyUntil(preparedAt: Date | null, input: DonationInput, now = Date.now()): Date {
  const usual = new Date(now + PICKUP_WINDOW_DEFAULT_HOURS * 3_600_000);
  const useBy = foodUseBy(input.foodKind, preparedAt, usual);
  return useBy && preparedAt && useBy < usual ? useBy : usual;
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
  const preparedAt = input.preparedAt === undefined ? null : new Date(input.preparedAt);
  const readyUntil = input.readyUntil
    ? new Date(input.readyUntil)
    : defaultReadyUntil(preparedAt, input);
  const useBy = foodUseBy(input.foodKind, preparedAt, readyUntil);
  // db/functions/almquest_donate.sql: the person's lock and row, the package, its first timeline
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
            ${DISTANCE_RANGE_MAX_KM}::float8, ${settings.byRecord}::boolean,
            ${input.foodKind ?? null}::text, ${preparedAt}::timestamptz,
            ${useBy}::timestamptz) as answer`,
    ).then(([row]) => donationOf(row!.answer));
  try {
    if (!input.allowSplit && !input.standing) {
      // One statement, its own transaction: no round trip while a room is held. Timed as a
      // match (with the donation's own insert, in the same statement).
      const timer = matchDuration.startTimer();
      const stored = await runAgainOnConflict(() => store(db, true));
      timer({ outcome: stored.package.state === 'Not Paired' ? 'none' : stored.package.state });
      return stored;
    }
    return await db.transaction(async (tx) => {
      const stored = await store(tx, false);
      if (input.standing) {
        const [named] = await tx
          .update(packages)
          .set({ standingId: input.standing.id, standingDate: input.standing.date })
          .where(eq(packages.id, stored.package.id))
          .returning();
        stored.package = named!;
      }
      const pickupBy = input.standing?.pickupBy;
      const chosen =
        pickupBy && (await mayTakeStandingDay(tx, stored.package, pickupBy))
          ? await offerToChosen(tx, stored.package, pickupBy, settings)
          : null;
      const outcome =
        chosen && 'outcome' in chosen
          ? chosen.outcome
          : await tryMatchPackage(tx, stored.package, settings);
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
    if (isForeignKeyViolation(error)) {
      throw notFound('Your account no longer exists.', words('accountGone'));
    }
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
export function profileContacts({ whileOpen }: { whileOpen: boolean }) {
  const contact = (column: 'name' | 'phone', of: AnyColumn, stored: AnyColumn) => {
    // Once the retention job hid a package's contacts (decision 043), nothing brings them back.
    const fresh = sql<string>`case when ${packages.contactHiddenAt} is not null then ${stored}
      else coalesce((select u.${sql.raw(column)} from ${users} u where u.id = ${of}), ${stored}) end`;
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
/** Both sides' registration numbers as a read keeps them (decision 042), with the package. */
type Registration = { number: string; isVerified: boolean } | null;
export type PackageReadRow = PackageRow & {
  donorRegistration?: Registration;
  distributorRegistration?: Registration;
};

/**
 * A package as a read shows it: its row, with both sides' contacts and registration numbers as
 * they are now (a change to either person drops the cached read: the number and its check are
 * written with a touch of the person's row, users.service and people.service).
 */
const packageReadColumns = () => ({
  ...getTableColumns(packages),
  ...profileContacts({ whileOpen: true }),
  donorRegistration: sql<Registration>`(select json_build_object('number', d.fssai_number,
      'isVerified', d.fssai_verified_at is not null)
    from ${donors} d where d.user_id = ${packages.donorId} and d.fssai_number is not null)`,
  distributorRegistration: sql<Registration>`(select json_build_object(
      'number', r.registration_number, 'isVerified', r.registration_verified_at is not null)
    from ${distributors} r
    where r.user_id = ${packages.distributorId} and r.registration_number is not null)`,
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
  if (!row) throw notFound('No such package.', words('noSuchPackage'));
  return row;
}

export type PackageEventRow = typeof packageEvents.$inferSelect;

/** A timeline row as json_build_object gives it: its time as text. */
type PackageEventJson = Omit<PackageEventRow, 'at'> & { at: string };

/**
 * The package and its timeline in one statement (a package page is one round trip).
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
  if (!row) throw notFound('No such package.', words('noSuchPackage'));
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
    throw badRequest(
      'That page link is not valid.',
      { cursor: 'Not a valid cursor' },
      words('badPageLink'),
    );
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
    if (!own)
      throw badRequest(
        'That page link is not valid.',
        { cursor: 'Not a valid cursor' },
        words('badPageLink'),
      );
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

/**
 * The other side's registration, for a party to an accepted package: the donor's FSSAI licence
 * to the distributor, the distributor's NGO registration to the donor (null: none given).
 */
export async function counterpartRegistrationOf(
  db: AppDb,
  pkg: PackageReadRow,
  viewerId: string,
): Promise<Package['counterpartRegistration']> {
  if (pkg.pairedAt === null) return null;
  const isDistributorViewing = pkg.distributorId === viewerId && pkg.donorId !== null;
  const isDonorViewing = pkg.donorId === viewerId && pkg.distributorId !== null;
  if (!isDistributorViewing && !isDonorViewing) return null;
  // A read keeps both (no query); a row from a change is read again.
  const both =
    pkg.donorRegistration !== undefined && pkg.distributorRegistration !== undefined
      ? pkg
      : await registrationsOf(db, pkg.id);
  const theirs = isDistributorViewing ? both.donorRegistration : both.distributorRegistration;
  return theirs ? { kind: isDistributorViewing ? 'fssai' : 'ngo', ...theirs } : null;
}

async function registrationsOf(db: AppDb, packageId: string) {
  const { donorRegistration, distributorRegistration } = packageReadColumns();
  const [row] = await db
    .select({ donorRegistration, distributorRegistration })
    .from(packages)
    .where(eq(packages.id, packageId));
  return {
    donorRegistration: row?.donorRegistration ?? null,
    distributorRegistration: row?.distributorRegistration ?? null,
  };
}
