import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AppDb, Tx } from '../../../db/client';
import { insertNotifications } from '../../../db/notifications';
import { recordEvents } from '../../../db/package-events';
import type { NewNotification, NotificationRow, PackageRow, UserRow } from '../../../db/rows';
import { packageEvents, packages } from '../../../db/schema';
import { conflict, notFound, words } from '../../../errors';
import { may, refusalText, refusalWords, TRANSITIONS, type TransitionName } from './transitions';

/** A change's other columns, its timeline entry's details and whom it tells. */
export type Move = {
  /** Columns the change sets besides the state. */
  set?: PgUpdateSetSource<typeof packages>;
  /** The distributor its timeline entry names. */
  distributorId?: string | null;
  reason?: string | null | undefined;
  /** Notifications written with it. */
  notify?: NewNotification[];
  /** False: no timeline entry (allowing a split changes how it is matched, not where it is). */
  isRecorded?: boolean;
  /** A refusal in other words than the transition's own. */
  refusal?: string;
};

/** Refuses (409) a transition the package's state does not allow. */
export function assertMay(name: TransitionName, pkg: Pick<PackageRow, 'state'>, text?: string) {
  if (!may(name, pkg.state)) {
    throw conflict(text ?? refusalText(name, pkg.state), refusalWords(name, pkg.state));
  }
}

/**
 * The one writer of a package's state: checks the transition is allowed from the state the
 * caller read under the package's lock, sets the state and the change's columns, records the
 * timeline entry and writes the notifications, in the caller's transaction.
 */
export async function move(
  tx: Tx,
  pkg: PackageRow,
  name: TransitionName,
  change: Move = {},
): Promise<{ package: PackageRow; notifications: NotificationRow[] }> {
  assertMay(name, pkg, change.refusal);
  const transition = TRANSITIONS[name];
  if (transition.to === null || transition.event === null) {
    throw new Error(`${name} deletes the package; it is not a move`);
  }
  const state = transition.to === 'same' ? pkg.state : transition.to;
  const [written] = await tx
    .update(packages)
    .set({ ...change.set, state })
    .where(eq(packages.id, pkg.id))
    .returning();
  if (!written) throw new Error(`package ${pkg.id} vanished inside its own transaction`);
  if (change.isRecorded !== false) {
    await recordEvents(tx, [
      {
        packageId: pkg.id,
        kind: transition.event,
        distributorId: change.distributorId ?? null,
        reason: change.reason ?? null,
      },
    ]);
  }
  const notifications = change.notify?.length ? await insertNotifications(tx, change.notify) : [];
  return { package: written, notifications };
}

/** The package, locked, with the database's clock (one clock for every server process). */
export async function lockWithClock(tx: Tx, id: string): Promise<{ pkg: PackageRow; now: Date }> {
  const [row] = await tx
    .select({ ...getTableColumns(packages), dbNow: sql`now()`.mapWith(packages.createdAt) })
    .from(packages)
    .where(eq(packages.id, id))
    .for('update');
  // Same answer as someone else's package (packages.policy): nothing to learn from it.
  if (!row) throw notFound('No such package.', words('noSuchPackage'));
  const { dbNow, ...pkg } = row;
  return { pkg, now: dbNow };
}

/** Past its pick-up time a package only waits to be expired: nothing else may move it. */
export function pickupTimePassed() {
  return conflict(
    'The pickup time of this package has passed; it can no longer be received.',
    words('pickupPassed'),
  );
}

const noLongerYours = () =>
  conflict('This package is no longer offered or assigned to you.', words('noLongerYours'));

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

/** The same refusal, from a timeline already read (a package page reads it with the package). */
export function refuseFormerDistributorByEvents(
  user: UserRow,
  pkg: PackageRow,
  events: readonly { distributorId: string | null }[],
) {
  if (pkg.donorId === user.id || pkg.distributorId === user.id) return;
  if (events.some((e) => e.distributorId === user.id)) throw noLongerYours();
}
