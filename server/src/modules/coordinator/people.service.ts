import { asciiDigits } from '@almquest/contracts/text';
import type { PersonDetail, PersonSummary, Reliability } from '@almquest/contracts/coordinator';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type AppDb, queryRows, type Tx } from '../../db/client';
import { lockPersonExclusive } from '../../db/person-lock';
import type { NotificationRow, PackageRow, UserRow } from '../../db/rows';
import {
  distributors,
  donors,
  packages,
  pushSubscriptions,
  sessions,
  users,
} from '../../db/schema';
import { conflict, notFound, words } from '../../errors';
import { isAskedFirst } from '../../matching/ranking';
import { cancelLockedByCoordinator, takeBackLocked } from '../packages/lifecycle/changes';
import { recordAudit } from './audit';

const SEARCH_LIMIT = 30;

function presentPerson(u: UserRow): PersonSummary {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone ?? '',
    userType: u.userType,
    suspendedAt: u.suspendedAt ? u.suspendedAt.toISOString() : null,
    suspendedReason: u.suspendedReason,
  };
}

/** `%` and `_` typed by the coordinator are letters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * People whose name, e-mail or phone contains the text (the trigram index);
 * a phone typed with spaces or +91 is found by its digits.
 */
const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export async function searchPeople(db: AppDb, q: string): Promise<PersonSummary[]> {
  // As the console shows phones too: +९१ ९८७६५ ०००००१ (the reader's digits, no-break spaces).
  const digits = asciiDigits(q)
    .replace(/^\s*(?:\+|00)91(?=[\s-]*\d)/, '')
    .replace(/\D/g, '');
  const phoneTerm = digits.length >= 4 ? digits.replace(/^91(?=\d{10}$)/, '') : null;
  const searched = sql`(lower(name) || ' ' || lower(email) || ' ' || coalesce(phone, ''))`;
  // Both arms read the trigram index.
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from users
        where ${searched} like ${likePattern(q)}
          ${phoneTerm ? sql`or ${searched} like ${likePattern(phoneTerm)}` : sql``}
        order by lower(name), id
        limit ${SEARCH_LIMIT}`,
  );
  if (rows.length === 0) return [];
  const found = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.id,
        rows.map((r) => r.id),
      ),
    );
  // Names as people read them: "Food Bank 2" before "Food Bank 10" (the database's order put
  // 1, 10, 11 … 2); the same names in the found order.
  const order = new Map(rows.map((r, i) => [r.id, i]));
  return found
    .sort(
      (a, b) =>
        naturalOrder.compare(a.name, b.name) || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0),
    )
    .map(presentPerson);
}

type ReliabilityRow = { [K in keyof Reliability]: number };

/**
 * A person, their latest packages and how reliable they have been. `byRecord`: the dispatch
 * policy counts records (decision 034).
 */
export async function personDetail(
  db: AppDb,
  id: string,
  isCoordinatorEmail: (email: string) => boolean,
  { byRecord }: { byRecord: boolean },
): Promise<PersonDetail> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound('No such person.', words('noSuchPerson'));
  const [record] = await db.select().from(distributors).where(eq(distributors.userId, id));
  const [donor] = await db.select().from(donors).where(eq(donors.userId, id));
  const [reliability] = await queryRows<ReliabilityRow>(
    db,
    sql`select
      (select count(*)::int from package_events where distributor_id = ${id} and kind in ('offered', 'paired')) as offers,
      (select count(*)::int from package_events where distributor_id = ${id} and kind in ('accepted', 'paired')) as "offersAccepted",
      -- A package reclaimed for want of "on my way" counts as an offer let lapse, as on the record.
      (select count(*)::int from package_events where distributor_id = ${id} and kind in ('lapsed', 'reclaimed')) as "offersLapsed",
      (select count(*)::int from package_events where distributor_id = ${id} and kind = 'declined') as "offersDeclined",
      (select count(*)::int from package_events where distributor_id = ${id} and kind = 'released') as released,
      (select count(*)::int from packages where (donor_id = ${id} or distributor_id = ${id}) and state = 'Distributed') as completed,
      (select count(*)::int from packages where (donor_id = ${id} or distributor_id = ${id}) and state = 'Expired') as expired,
      (select count(*)::int from packages where (donor_id = ${id} or distributor_id = ${id}) and state = 'Cancelled') as cancelled`,
  );
  const recent = await queryRows<{
    id: string;
    state: PackageRow['state'];
    quantity: number;
    address: string;
    created_at: Date | string;
    role: 'donor' | 'distributor';
  }>(
    db,
    sql`(select id, state, quantity, address, created_at, 'donor' as role from packages
          where donor_id = ${id} order by created_at desc limit 50)
        union all
        (select id, state, quantity, address, created_at, 'distributor' as role from packages
          where distributor_id = ${id} order by created_at desc limit 50)
        order by created_at desc limit 50`,
  );
  return {
    ...presentPerson(user),
    createdAt: user.createdAt.toISOString(),
    isCoordinator: isCoordinatorEmail(user.email),
    dispatchRecord: record
      ? {
          collected: record.pickupsCollected,
          missed: record.pickupsMissed,
          lapsed: record.offersLapsed,
          isAskedFirst: isAskedFirst(record, byRecord),
        }
      : null,
    reliability: reliability ?? {
      offers: 0,
      offersAccepted: 0,
      offersLapsed: 0,
      offersDeclined: 0,
      released: 0,
      completed: 0,
      expired: 0,
      cancelled: 0,
    },
    registration: registrationOf(donor ?? null, record ?? null),
    packages: recent.map((p) => ({
      id: p.id,
      state: p.state,
      quantity: p.quantity,
      address: p.address,
      createdAt: new Date(p.created_at).toISOString(),
      role: p.role,
    })),
  };
}

export type SuspendResult = {
  user: UserRow;
  notifications: NotificationRow[];
  /** Packages taken from a suspended distributor: match each once this has committed. */
  toRematch: string[];
  freed: string[];
};

/**
 * Suspends a person, in one transaction: they are marked (sign-in, donating and offers check it),
 * their sessions and push devices are deleted, their own waiting packages are cancelled and the
 * packages offered or assigned to them go back to waiting (the caller re-matches them and ends
 * their live streams once this has committed). Received packages stay with their distributor:
 * the food is in their hands. A coordinator cannot be suspended (two could lock each other out):
 * take them out of COORDINATOR_EMAILS first.
 */
export async function suspendPerson(
  db: AppDb,
  coordinator: UserRow,
  id: string,
  reason: string,
  isCoordinatorEmail: (email: string) => boolean,
): Promise<SuspendResult> {
  if (id === coordinator.id)
    throw conflict('You cannot suspend yourself.', words('cannotSuspendSelf'));
  return db.transaction(async (tx) => {
    // The person's row first (no-key update: what matching's and a donation's shared locks
    // wait for, while a notification's key-share lock does not), as matching's claim takes the
    // person before their distributor row: the other order deadlocked with donations in a
    // review. A donation or a claim under way finishes first and is undone below; a later one
    // sees the suspension and is refused.
    // The person's lock first, exclusively (db/person-lock.ts): a queue shared lockers cannot jump.
    await lockPersonExclusive(tx, id);
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for('no key update');
    if (!target) throw notFound('No such person.', words('noSuchPerson'));
    if (isCoordinatorEmail(target.email)) {
      throw conflict(
        'Coordinators cannot be suspended. Take their e-mail out of COORDINATOR_EMAILS first.',
        words('coordinatorNotSuspended'),
      );
    }
    if (target.suspendedAt)
      throw conflict('This person is already suspended.', words('alreadySuspended'));
    // From here on no new session, donation or offer gets through.
    const [user] = await tx
      .update(users)
      .set({ suspendedAt: sql`now()`, suspendedReason: reason })
      .where(eq(users.id, id))
      .returning();
    if (!user) throw new Error('person vanished inside their own suspension');
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, id));
    // Read after the locks: packages committed while this waited are here too.
    const open = await tx
      .select()
      .from(packages)
      .where(
        sql`(${packages.donorId} = ${id} and ${packages.state} in ('Not Paired', 'Offered', 'Paired'))
          or (${packages.distributorId} = ${id} and ${packages.state} in ('Offered', 'Paired'))`,
      )
      .orderBy(packages.id)
      .for('update');
    const notifications: NotificationRow[] = [];
    const toRematch: string[] = [];
    const freed: string[] = [];
    for (const pkg of open) {
      // The reason stays in the audit log and on the person's record: the other side of each
      // package is told what happened to it, not why.
      const result =
        pkg.donorId === id
          ? await cancelLockedByCoordinator(tx, pkg)
          : await takeBackLocked(tx, pkg);
      notifications.push(...result.notifications);
      if (result.freed && result.freed !== id) freed.push(result.freed);
      if (pkg.donorId !== id) toRematch.push(pkg.id);
    }
    await recordAudit(tx, coordinator, {
      action: 'person.suspend',
      targetKind: 'user',
      targetId: id,
      reason,
      details: { packageIds: open.map((p) => p.id) },
    });
    return { user, notifications, toRematch, freed };
  });
}

/** Lifts a suspension: the person may sign in again (their sessions are gone; they sign in anew). */
export async function reinstatePerson(
  db: AppDb,
  coordinator: UserRow,
  id: string,
  reason: string,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    // The person's lock first, as their suspension took it: lifting it changes the copy matching
    // ranks from, on their distributor row at commit.
    await lockPersonExclusive(tx, id);
    const [user] = await tx
      .update(users)
      .set({ suspendedAt: null, suspendedReason: null })
      .where(and(eq(users.id, id), sql`${users.suspendedAt} is not null`))
      .returning();
    if (!user) {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
      if (!exists) throw notFound('No such person.', words('noSuchPerson'));
      throw conflict('This person is not suspended.', words('notSuspended'));
    }
    await recordAudit(tx, coordinator, {
      action: 'person.reinstate',
      targetKind: 'user',
      targetId: id,
      reason,
    });
    return user;
  });
}

/** A person's registration number as the console shows it. */
function registrationOf(
  donor: Pick<typeof donors.$inferSelect, 'fssaiNumber' | 'fssaiVerifiedAt'> | null,
  distributor: Pick<
    typeof distributors.$inferSelect,
    'registrationNumber' | 'registrationVerifiedAt'
  > | null,
): PersonDetail['registration'] {
  if (donor?.fssaiNumber) {
    return { kind: 'fssai', number: donor.fssaiNumber, isVerified: donor.fssaiVerifiedAt !== null };
  }
  if (distributor?.registrationNumber) {
    return {
      kind: 'ngo',
      number: distributor.registrationNumber,
      isVerified: distributor.registrationVerifiedAt !== null,
    };
  }
  return null;
}

/**
 * A coordinator marks a person's registration number checked (on FoSCoS or NGO Darpan), or
 * takes that back; logged. A donor's later donations count as from a licensed source.
 */
export async function verifyRegistration(
  db: AppDb,
  coordinator: UserRow,
  id: string,
  { isVerified, number }: { isVerified: boolean; number: string },
): Promise<void> {
  if (id === coordinator.id) {
    throw conflict('A coordinator does not check their own number.', words('checkOwnNumber'));
  }
  await db.transaction(async (tx) => {
    const at = isVerified ? new Date() : null;
    const [donor] = await tx
      .update(donors)
      .set({ fssaiVerifiedAt: at })
      .where(and(eq(donors.userId, id), eq(donors.fssaiNumber, number)))
      .returning({ number: donors.fssaiNumber });
    const [distributor] = donor
      ? []
      : await tx
          .update(distributors)
          .set({ registrationVerifiedAt: at })
          .where(and(eq(distributors.userId, id), eq(distributors.registrationNumber, number)))
          .returning({ number: distributors.registrationNumber });
    if (!donor && !distributor) {
      if (await hasRegistration(tx, id)) {
        throw conflict(
          'The number was changed since you looked it up: look up the new one.',
          words('registrationChanged'),
        );
      }
      throw conflict(
        'This person has given no registration number to check.',
        words('noRegistrationNumber'),
      );
    }
    // Touched, so every process drops the package pages that show the number (package-reads).
    await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, id));
    await recordAudit(tx, coordinator, {
      action: isVerified ? 'person.verifyRegistration' : 'person.unverifyRegistration',
      targetKind: 'user',
      targetId: id,
      details: { registrationNumber: number },
    });
  });
}

async function hasRegistration(tx: Tx, id: string): Promise<boolean> {
  const [row] = await queryRows<{ has: boolean }>(
    tx,
    sql`select exists (select 1 from donors where user_id = ${id}::uuid and fssai_number is not null)
            or exists (select 1 from distributors
                        where user_id = ${id}::uuid and registration_number is not null) as has`,
  );
  return row?.has === true;
}
