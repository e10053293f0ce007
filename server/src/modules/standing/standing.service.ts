import { foodUseBy, isCooked } from '@almquest/contracts/packages';
import type { PackageStanding } from '@almquest/contracts/packages';
import type {
  StandingChangeRequest,
  StandingDay,
  StandingDayRequest,
  StandingDonation,
  StandingDonationRequest,
} from '@almquest/contracts/standing';
import { STANDING_DAYS_SHOWN } from '@almquest/contracts/standing';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type AppDb, queryRows, type Tx } from '../../db/client';
import type { NotificationRow, PackageRow, UserRow } from '../../db/rows';
import {
  packages,
  standingDonationDays,
  standingDonations,
  standingPickupStops,
  standingPickups,
  users,
} from '../../db/schema';
import { AppError, badRequest, conflict, notFound, words } from '../../errors';
import type { Logger } from '../../logger';
import type { MatchSettings } from '../../matching/assign';
import type { Rematcher } from '../../matching/rematch';
import type { Notifier } from '../../notifier';
import { cancelDonationGroup } from '../packages/donations.service';
import { cancelLockedByDonor } from '../packages/lifecycle/changes';
import { lockWithClock } from '../packages/lifecycle/write';
import { donate, type DonationResult } from '../packages/packages.service';
import { daysOf, localDate, occurrenceOn, occurrencesBetween, ruleOf } from './recurrence';

export type StandingRow = typeof standingDonations.$inferSelect;
type DayRow = typeof standingDonationDays.$inferSelect;

const DAY_MS = 86_400_000;
/** How many standing donations one donor may have going at once. */
const STANDING_GOING_MAX = 20;
/** A standing donation starts within a year. */
const STANDING_START_WITHIN_DAYS = 366;
/** A day's package that may still be called off when the donor skips that day. */
const CALLED_OFF_BY_SKIP = ['Not Paired', 'Offered', 'Paired'];

const noSuchStanding = () =>
  notFound('No such standing donation.', words('noSuchStandingDonation'));

/** The standing donation, when this donor owns it (404 to anyone else, as for packages). */
async function ownStanding(db: AppDb, donor: UserRow, id: string): Promise<StandingRow> {
  const [row] = await db.select().from(standingDonations).where(eq(standingDonations.id, id));
  if (!row || row.donorId !== donor.id) throw noSuchStanding();
  return row;
}

function stateOf(row: StandingRow): StandingDonation['state'] {
  return row.endedAt ? 'ended' : row.pausedAt ? 'paused' : 'active';
}

/** A donor sets up a standing donation; its first day is today in India unless they say. */
export async function createStanding(
  db: AppDb,
  donor: UserRow,
  input: StandingDonationRequest & {
    quantity: number;
    travelCapacity: number;
    windowHours: number;
  },
): Promise<StandingDonation> {
  const today = localDate(new Date());
  const startsOn = input.startsOn ?? today;
  if (startsOn < today) {
    throw badRequest(
      'Please check startsOn: the first day cannot be in the past',
      { startsOn: 'The first day cannot be in the past' },
      words('startsOnPast'),
    );
  }
  const latestStart = localDate(new Date(Date.now() + STANDING_START_WITHIN_DAYS * DAY_MS));
  if (startsOn > latestStart) {
    throw badRequest(
      'Please check startsOn: the first day must be within a year',
      { startsOn: 'The first day must be within a year' },
      words('startsOnTooFar'),
    );
  }
  if (input.endsOn !== undefined && input.endsOn < startsOn) {
    throw badRequest(
      'Please check endsOn: the last day must not be before the first',
      { endsOn: 'The last day must not be before the first' },
      words('endsBeforeStart'),
    );
  }
  const row = await db.transaction(async (tx) => {
    // One donor's set-ups one at a time, so the count below is the count the insert follows.
    await tx.execute(sql`select pg_advisory_xact_lock(2094117301, hashtext(${donor.id}::text))`);
    const [going] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${standingDonations}
           where donor_id = ${donor.id}::uuid and ended_at is null`,
    );
    if ((going?.n ?? 0) >= STANDING_GOING_MAX) {
      throw conflict(
        `You have ${STANDING_GOING_MAX} standing donations going: end one before setting up another.`,
        words('standingTooMany', { max: STANDING_GOING_MAX }),
      );
    }
    const [added] = await tx
      .insert(standingDonations)
      .values({
        donorId: donor.id,
        rule: ruleOf(input.days),
        readyAt: input.readyAt,
        windowMinutes: Math.round(input.windowHours * 60),
        quantity: input.quantity,
        travelCapacity: input.travelCapacity,
        address: input.location.address,
        lat: input.location.coordinates[0],
        lng: input.location.coordinates[1],
        diet: input.diet,
        foodKind: input.foodKind,
        allowSplit: input.allowSplit ?? false,
        startsOn,
        endsOn: input.endsOn ?? null,
      })
      .returning();
    return added!;
  });
  return presentStanding(db, row);
}

/** The donor's standing donations, going ones first, with each one's next days. */
export async function listStanding(db: AppDb, donor: UserRow): Promise<StandingDonation[]> {
  const rows = await db
    .select()
    .from(standingDonations)
    .where(eq(standingDonations.donorId, donor.id))
    .orderBy(sql`${standingDonations.endedAt} is not null`, desc(standingDonations.createdAt))
    // Every going one (at most STANDING_GOING_MAX) and the latest ended ones.
    .limit(STANDING_GOING_MAX + 30);
  return Promise.all(rows.map((row) => presentStanding(db, row)));
}

export async function getStanding(
  db: AppDb,
  donor: UserRow,
  id: string,
): Promise<StandingDonation> {
  return presentStanding(db, await ownStanding(db, donor, id));
}

/** Pauses or resumes it, or changes its usual quantity (days already listed keep theirs). */
export async function changeStanding(
  db: AppDb,
  donor: UserRow,
  id: string,
  change: Omit<StandingChangeRequest, 'quantity'> & { quantity?: number | undefined },
): Promise<StandingDonation> {
  const row = await ownStanding(db, donor, id);
  if (row.endedAt) throw endedError();
  const [updated] = await db
    .update(standingDonations)
    .set({
      ...(change.paused !== undefined && {
        pausedAt: change.paused ? (row.pausedAt ?? new Date()) : null,
      }),
      ...(change.quantity !== undefined && { quantity: change.quantity }),
    })
    .where(and(eq(standingDonations.id, id), isNull(standingDonations.endedAt)))
    .returning();
  if (!updated) throw endedError();
  return presentStanding(db, updated);
}

const endedError = () =>
  conflict('This standing donation has ended.', words('standingDonationEnded'));

/** Ends it: no more days are listed (a day already listed goes on, and may be cancelled). */
export async function endStanding(
  db: AppDb,
  donor: UserRow,
  id: string,
): Promise<StandingDonation> {
  await ownStanding(db, donor, id);
  await db
    .update(standingDonations)
    .set({ endedAt: new Date() })
    .where(and(eq(standingDonations.id, id), isNull(standingDonations.endedAt)));
  return getStanding(db, donor, id);
}

/** The day's package, if it was listed. */
async function dayPackage(db: AppDb, standingId: string, date: string) {
  const [pkg] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.standingId, standingId), eq(packages.standingDate, date)));
  return pkg ?? null;
}

/** One of its days still to come (its window not over), or a 400 naming the date. */
function upcomingDay(row: StandingRow, date: string) {
  const day = occurrenceOn(row, date);
  if (!day || day.readyAt.getTime() + row.windowMinutes * 60_000 <= Date.now()) {
    throw badRequest(
      'Please check date: it is not one of this donation’s days to come',
      { date: 'Not one of this donation’s days to come' },
      words('notAnUpcomingDay'),
    );
  }
  return day;
}

export type CalledOff = {
  notifications: NotificationRow[];
  /** Distributors whose room grew. */
  freed: string[];
  /** Packages called off. */
  cancelled: string[];
};
export type DayChange = CalledOff & { standing: StandingDonation };

const NOTHING_CALLED_OFF: CalledOff = { notifications: [], freed: [], cancelled: [] };
const dayListed = () =>
  conflict(
    'That day’s package is already listed: change it on its own page.',
    words('standingDayListed'),
  );
const dayPickedUp = () =>
  conflict('That day’s food has already been picked up.', words('standingDayPickedUp'));

/**
 * Calls off a listed day: its package, or every part of it not yet Received when it was split
 * (each distributor is told). A day already picked up is refused.
 */
async function callOffDay(
  db: AppDb,
  donor: UserRow,
  standingId: string,
  date: string,
): Promise<CalledOff> {
  const listed = await dayPackage(db, standingId, date);
  if (!listed) return NOTHING_CALLED_OFF;
  if (listed.groupId) {
    return cancelDonationGroup(db, donor, listed.groupId, 'Skipped this day');
  }
  return db.transaction(async (tx) => {
    const { pkg } = await lockWithClock(tx, listed.id);
    if (pkg.state === 'Received' || pkg.state === 'Distributed') throw dayPickedUp();
    // Cancelled or Expired: already off.
    if (!CALLED_OFF_BY_SKIP.includes(pkg.state)) return NOTHING_CALLED_OFF;
    const off = await cancelLockedByDonor(tx, pkg, 'Skipped this day');
    return {
      notifications: off.notifications,
      freed: off.freed ? [off.freed] : [],
      cancelled: [pkg.id],
    };
  });
}

async function dayRow(db: AppDb, standingId: string, date: string) {
  const [row] = await db
    .select()
    .from(standingDonationDays)
    .where(
      and(eq(standingDonationDays.standingId, standingId), eq(standingDonationDays.onDate, date)),
    );
  return row ?? null;
}

/**
 * Skips one day (its package, if listed and not yet Received, is called off, every part of it
 * when it was split; its distributors are told), or gives one day another quantity (before it is
 * listed: once listed, even if withdrawn since, a day is changed on its package's page).
 */
export async function setStandingDay(
  db: AppDb,
  donor: UserRow,
  id: string,
  date: string,
  change: StandingDayRequest & ({ skip: true } | { quantity: number }),
): Promise<DayChange> {
  const row = await ownStanding(db, donor, id);
  if (row.endedAt) throw endedError();
  upcomingDay(row, date);
  const isSkip = 'skip' in change;
  if (!isSkip && (await dayRow(db, id, date))?.listedAt) throw dayListed();
  const listed = await dayPackage(db, id, date);
  if (listed && !listed.groupId && ['Received', 'Distributed'].includes(listed.state))
    throw dayPickedUp();
  const values = isSkip
    ? { isSkipped: true, quantity: null }
    : { isSkipped: false, quantity: change.quantity };
  // Written only while the day is not listed, for a quantity: a listing that raced this read
  // claimed the row first, and this changes nothing (409).
  const [written] = await db
    .insert(standingDonationDays)
    .values({ standingId: id, onDate: date, ...values })
    .onConflictDoUpdate({
      target: [standingDonationDays.standingId, standingDonationDays.onDate],
      set: values,
      ...(isSkip ? {} : { setWhere: isNull(standingDonationDays.listedAt) }),
    })
    .returning();
  if (!written) throw dayListed();
  // A listing that raced the skip is called off here, or by the job's own check after it.
  const off = isSkip ? await callOffDay(db, donor, id, date) : NOTHING_CALLED_OFF;
  return { ...off, standing: await presentStanding(db, row) };
}

/** Takes back a skip or a changed quantity, while the day was never listed. */
export async function clearStandingDay(
  db: AppDb,
  donor: UserRow,
  id: string,
  date: string,
): Promise<StandingDonation> {
  const row = await ownStanding(db, donor, id);
  upcomingDay(row, date);
  const deleted = await db
    .delete(standingDonationDays)
    .where(
      and(
        eq(standingDonationDays.standingId, id),
        eq(standingDonationDays.onDate, date),
        isNull(standingDonationDays.listedAt),
      ),
    )
    .returning();
  if (deleted.length === 0 && (await dayRow(db, id, date))?.listedAt) throw dayListed();
  return presentStanding(db, row);
}

/** A standing donation as its donor sees it, with its next days. */
async function presentStanding(db: AppDb, row: StandingRow): Promise<StandingDonation> {
  const now = Date.now();
  const windowMs = row.windowMinutes * 60_000;
  const days = row.endedAt
    ? []
    : occurrencesBetween(
        row,
        new Date(now - windowMs),
        new Date(now + STANDING_DAYS_SHOWN * DAY_MS),
      ).filter((day) => day.readyAt.getTime() + windowMs > now);
  const dates = days.map((d) => d.date);
  const [changes, listed, pickup] = await Promise.all([
    dates.length
      ? db
          .select()
          .from(standingDonationDays)
          .where(
            and(
              eq(standingDonationDays.standingId, row.id),
              inArray(standingDonationDays.onDate, dates),
            ),
          )
      : Promise.resolve([] as DayRow[]),
    dates.length
      ? db
          .select({ id: packages.id, state: packages.state, date: packages.standingDate })
          .from(packages)
          .where(and(eq(packages.standingId, row.id), inArray(packages.standingDate, dates)))
      : Promise.resolve([]),
    pickupName(db, row.id),
  ]);
  const upcoming: StandingDay[] = days.map((day) => {
    const change = changes.find((c) => c.onDate === day.date);
    const pkg = listed.find((p) => p.date === day.date);
    return {
      date: day.date,
      readyAt: day.readyAt.toISOString(),
      // Listed and then withdrawn by the donor: not listed again.
      kind: pkg
        ? 'listed'
        : change?.listedAt
          ? 'withdrawn'
          : change?.isSkipped
            ? 'skipped'
            : change?.quantity
              ? 'changed'
              : 'scheduled',
      quantity: change?.quantity ?? row.quantity,
      packageId: pkg?.id ?? null,
      packageState: pkg?.state ?? null,
    };
  });
  return {
    id: row.id,
    state: stateOf(row),
    days: daysOf(row.rule),
    readyAt: row.readyAt,
    windowHours: row.windowMinutes / 60,
    quantity: row.quantity,
    travelCapacity: row.travelCapacity,
    address: row.address,
    diet: row.diet,
    foodKind: row.foodKind,
    allowSplit: row.allowSplit,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    standingPickup: pickup?.name ?? null,
    upcoming,
  };
}

async function pickupName(db: AppDb, standingId: string) {
  const [row] = await db
    .select({ distributorId: standingPickups.distributorId, name: users.name })
    .from(standingPickups)
    .innerJoin(users, eq(users.id, standingPickups.distributorId))
    // A suspended distributor takes nothing: matching passes them by, and so does this.
    .where(and(eq(standingPickups.standingId, standingId), isNull(users.suspendedAt)));
  return row ?? null;
}

/** Whether this distributor took one of its days (accepted it; Paired, Received or Distributed). */
async function hasTakenADay(db: AppDb, distributorId: string, standingId: string) {
  const [row] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(
      and(
        eq(packages.standingId, standingId),
        eq(packages.distributorId, distributorId),
        inArray(packages.state, ['Paired', 'Received', 'Distributed']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function wasStopped(db: AppDb | Tx, standingId: string, distributorId: string) {
  const [row] = await db
    .select({ at: standingPickupStops.createdAt })
    .from(standingPickupStops)
    .where(
      and(
        eq(standingPickupStops.standingId, standingId),
        eq(standingPickupStops.distributorId, distributorId),
      ),
    );
  return row !== undefined;
}

const stoppedByDonor = () =>
  conflict(
    'The donor stopped you taking this donation every day; each day is still offered as usual.',
    words('standingPickupStopped'),
  );

/**
 * A distributor who took one of its days takes every day from now on: each day's package is
 * theirs first, paired without an offer, while they have room and are active.
 */
export async function takeEveryDay(
  db: AppDb,
  distributor: UserRow,
  standingId: string,
): Promise<void> {
  // Only someone who took one of its days may know it exists.
  if (!(await hasTakenADay(db, distributor.id, standingId))) throw noSuchStanding();
  await db.transaction(async (tx) => {
    // The standing donation's row held while this decides: a donor's stop (which holds it too)
    // is either seen here or comes after, never in between.
    const [row] = await tx
      .select()
      .from(standingDonations)
      .where(eq(standingDonations.id, standingId))
      .for('update');
    if (!row) throw noSuchStanding();
    if (row.endedAt) throw endedError();
    if (await wasStopped(tx, standingId, distributor.id)) throw stoppedByDonor();
    const [holder] = await tx
      .select({ distributorId: standingPickups.distributorId })
      .from(standingPickups)
      .where(eq(standingPickups.standingId, standingId));
    if (holder) {
      if (holder.distributorId === distributor.id) return;
      throw conflict(
        'Another distributor already takes this donation every day.',
        words('standingTakenByOther'),
      );
    }
    await tx.insert(standingPickups).values({ standingId, distributorId: distributor.id });
  });
}

/**
 * The donor stops whoever takes it every day; a distributor who took one of its days stops their
 * own (nothing to stop is no error for them). Anyone else: no such standing donation.
 */
export async function stopEveryDay(db: AppDb, user: UserRow, standingId: string): Promise<void> {
  const [row] = await db
    .select()
    .from(standingDonations)
    .where(eq(standingDonations.id, standingId));
  if (row && row.donorId === user.id) {
    // Remembered: the donor's stop outlasts the distributor's wish to take it again.
    await db.transaction(async (tx) => {
      // Held as a distributor taking it holds it: the stop and a take never interleave.
      await tx
        .select({ id: standingDonations.id })
        .from(standingDonations)
        .where(eq(standingDonations.id, standingId))
        .for('update');
      const stopped = await tx
        .delete(standingPickups)
        .where(eq(standingPickups.standingId, standingId))
        .returning();
      for (const { distributorId } of stopped) {
        await tx
          .insert(standingPickupStops)
          .values({ standingId, distributorId })
          .onConflictDoNothing();
      }
    });
    return;
  }
  if (!row || !(await hasTakenADay(db, user.id, standingId))) throw noSuchStanding();
  await db
    .delete(standingPickups)
    .where(
      and(eq(standingPickups.standingId, standingId), eq(standingPickups.distributorId, user.id)),
    );
}

/** What a package of a standing donation says of it, to its donor and its distributor. */
export async function standingOfPackage(
  db: AppDb,
  pkg: PackageRow,
  viewerId: string,
): Promise<PackageStanding | null> {
  if (!pkg.standingId) return null;
  const [row] = await db
    .select()
    .from(standingDonations)
    .where(eq(standingDonations.id, pkg.standingId));
  if (!row) return null;
  const holder = await pickupName(db, row.id);
  const isDistributor = pkg.distributorId === viewerId;
  const hasTaken =
    isDistributor &&
    pkg.pairedAt !== null &&
    ['Paired', 'Received', 'Distributed'].includes(pkg.state);
  return {
    id: row.id,
    days: daysOf(row.rule),
    readyAt: row.readyAt,
    isViewersPickup: holder?.distributorId === viewerId,
    mayTakeEveryDay:
      hasTaken && !holder && !row.endedAt && !(await wasStopped(db, row.id, viewerId)),
    pickupBy: pkg.donorId === viewerId ? (holder?.name ?? null) : null,
  };
}

export type ListedDay = { standingId: string; date: string; result: DonationResult };

/**
 * Lists each going standing donation's days whose food is ready within `leadMs` (and whose window
 * is not over): one package a day, made by the donation's own path (a repeated run finds the
 * day's key and makes nothing), given first to the distributor who takes it every day. A skipped
 * day is not listed; a changed one is listed with its quantity. A failure is the caller's to log;
 * the other donations go on.
 */
export async function listDueDays(
  db: AppDb,
  settings: MatchSettings,
  { leadMs, now = new Date(), only }: { leadMs: number; now?: Date; only?: readonly string[] },
  onError: (standingId: string, error: unknown) => void,
): Promise<ListedDay[]> {
  const going = await db
    .select({ standing: standingDonations, donor: users })
    .from(standingDonations)
    .innerJoin(users, eq(users.id, standingDonations.donorId))
    .where(
      and(
        isNull(standingDonations.endedAt),
        isNull(standingDonations.pausedAt),
        only ? inArray(standingDonations.id, [...only]) : undefined,
      ),
    )
    .orderBy(asc(standingDonations.id));
  const listed: ListedDay[] = [];
  for (const { standing, donor } of going) {
    const windowMs = standing.windowMinutes * 60_000;
    const due = occurrencesBetween(
      standing,
      new Date(now.getTime() - windowMs),
      new Date(now.getTime() + leadMs),
    ).filter((day) => day.readyAt.getTime() + windowMs > now.getTime());
    for (const day of due) {
      try {
        const result = await listDay(db, settings, { standing, donor, day, now });
        if (result) listed.push({ standingId: standing.id, date: day.date, result });
      } catch (error) {
        onError(standing.id, error);
      }
    }
  }
  return listed;
}

/**
 * Lists one day: claims it first (its day row's listed_at, set once, so a day is listed once even
 * by two processes at once, and never again after its package is withdrawn), then donates it.
 * A failure gives the claim back, for the next run to try again.
 */
async function listDay(
  db: AppDb,
  settings: MatchSettings,
  {
    standing,
    donor,
    day,
    now,
  }: {
    standing: StandingRow;
    donor: UserRow;
    day: { date: string; readyAt: Date };
    now: Date;
  },
): Promise<DonationResult | null> {
  const readyUntil = new Date(day.readyAt.getTime() + standing.windowMinutes * 60_000);
  // Cooked food is cooked at its time; past its 4 hours it is not listed at all.
  const preparedAt = isCooked(standing.foodKind) ? day.readyAt : null;
  const useBy = foodUseBy(standing.foodKind, preparedAt, readyUntil);
  const until = useBy && preparedAt && useBy < readyUntil ? useBy : readyUntil;
  if (until <= now) return null;
  // Claimed only while the standing donation is still going (a pause or an end that committed
  // after this run read the list is seen here), with its pickup as it is now.
  const [claimed] = await queryRows<{ quantity: number | null; pickup_by: string | null }>(
    db,
    sql`insert into ${standingDonationDays} (standing_id, on_date, listed_at)
        select s.id, ${day.date}::date, now() from ${standingDonations} s
         where s.id = ${standing.id}::uuid and s.paused_at is null and s.ended_at is null
        on conflict (standing_id, on_date) do update set listed_at = excluded.listed_at
          where ${standingDonationDays.listedAt} is null and not ${standingDonationDays.isSkipped}
        returning quantity,
          (select p.distributor_id from ${standingPickups} p
            where p.standing_id = ${standing.id}::uuid) as pickup_by`,
  );
  if (!claimed) return null;
  const giveBack = () =>
    db
      .update(standingDonationDays)
      .set({ listedAt: null })
      .where(
        and(
          eq(standingDonationDays.standingId, standing.id),
          eq(standingDonationDays.onDate, day.date),
        ),
      );
  let result: DonationResult;
  try {
    result = await donate(
      db,
      donor,
      {
        quantity: claimed.quantity ?? standing.quantity,
        travelCapacity: standing.travelCapacity,
        location: { address: standing.address, coordinates: [standing.lat, standing.lng] },
        idempotencyKey: `standing:${standing.id}:${day.date}`,
        readyUntil: until.toISOString(),
        diet: standing.diet,
        allowSplit: standing.allowSplit,
        foodKind: standing.foodKind,
        preparedAt: preparedAt?.toISOString(),
        standing: { id: standing.id, date: day.date, pickupBy: claimed.pickup_by },
      },
      settings,
    );
  } catch (error) {
    await giveBack();
    // A suspended donor's days wait (listed again once reinstated, while their window lasts).
    if (error instanceof AppError && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
  if (!result.isNew) return null;
  // Skipped while it was being listed: called off at once (its distributor is told).
  const [after] = await db
    .select({ isSkipped: standingDonationDays.isSkipped })
    .from(standingDonationDays)
    .where(
      and(
        eq(standingDonationDays.standingId, standing.id),
        eq(standingDonationDays.onDate, day.date),
      ),
    );
  if (after?.isSkipped) {
    const off = await callOffDay(db, donor, standing.id, day.date);
    return { ...result, notifications: [...result.notifications, ...off.notifications] };
  }
  return result;
}

export type StandingLister = {
  /**
   * Lists the days due now (or at `now`); resolves with how many packages it made. `only`: these
   * standing donations alone (a test's own, beside other tests' in a shared database).
   */
  runOnce(options?: { now?: Date; only?: readonly string[] }): Promise<number>;
};

/** The standing-donations job: each run lists the days due, then tells people after commit. */
export function createStandingLister({
  db,
  notifier,
  rematcher,
  settings,
  leadMs,
  logger,
}: {
  db: AppDb;
  notifier: Notifier;
  rematcher: Rematcher;
  settings: MatchSettings;
  leadMs: number;
  logger: Logger;
}): StandingLister {
  return {
    async runOnce({ now = new Date(), only }: { now?: Date; only?: readonly string[] } = {}) {
      const listed = await listDueDays(db, settings, { leadMs, now, only }, (standingId, err) =>
        logger.error({ err, standingId }, 'listing a standing donation’s day failed'),
      );
      for (const { standingId, date, result } of listed) {
        notifier.notify(result.notifications);
        for (const id of result.passedOver ?? []) rematcher.schedule(id);
        logger.info(
          { standingId, date, packageId: result.package.id, state: result.package.state },
          'standing donation day listed',
        );
      }
      return listed.length;
    },
  };
}
