import type { Locale } from '@almquest/contracts/locales';
import type { Location } from '@almquest/contracts/location';
import type { Consent } from '@almquest/contracts/privacy';
import type { UserType } from '@almquest/contracts/session';
import { type DonorType, FORMER_DISTRIBUTOR, FORMER_DONOR } from '@almquest/contracts/users';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type AppDb, queryRows, type Tx } from '../../db/client';
import { lockPersonExclusive } from '../../db/person-lock';
import type { ProfileRows } from '../../db/rows';
import {
  auditLog,
  contactMessages,
  devIdpEntries,
  distributors,
  donors,
  notifications,
  packageReports,
  packages,
  users,
} from '../../db/schema';
import { conflict, forbidden, notFound, words } from '../../errors';
import { recountDonationGroups } from '../packages/packages.service';
import { withdrawLocked } from '../packages/lifecycle/changes';
import { move } from '../packages/lifecycle/write';
import { recordConsent } from '../privacy/consent';

type Person = {
  name: string;
  phone: string;
  location: Location;
};
type WithConsent = { consent: Consent };

function personColumns(person: Partial<Person>) {
  return {
    ...fieldsGiven(person, ['name', 'phone']),
    ...(person.location
      ? {
          address: person.location.address,
          lat: person.location.coordinates[0],
          lng: person.location.coordinates[1],
        }
      : {}),
    updatedAt: new Date(),
  };
}

/** Packages still under way, whose two sides must reach each other at today's numbers. */
const OPEN_STATES = ['Not Paired', 'Offered', 'Paired', 'Received'] as const;

/**
 * A new name or phone reaches the other side of every package still under way, in the same
 * transaction as the profile change (packages first: the documented lock order). Finished
 * packages keep what was true then.
 */
async function refreshOpenPackages(
  tx: Tx,
  role: 'donor' | 'distributor',
  userId: string,
  patch: { name?: string | undefined; phone?: string | undefined },
): Promise<void> {
  if (patch.name === undefined && patch.phone === undefined) return;
  const isDonor = role === 'donor';
  await tx
    .update(packages)
    .set(
      isDonor
        ? {
            ...(patch.name !== undefined ? { donorName: patch.name } : {}),
            ...(patch.phone !== undefined ? { donorPhone: patch.phone } : {}),
          }
        : {
            ...(patch.name !== undefined ? { distributorName: patch.name } : {}),
            ...(patch.phone !== undefined ? { distributorPhone: patch.phone } : {}),
          },
    )
    .where(
      and(
        isDonor ? eq(packages.donorId, userId) : eq(packages.distributorId, userId),
        inArray(packages.state, [...OPEN_STATES]),
      ),
    );
}

/**
 * Locks the user's row and refuses a second registration, as either type. A donor or
 * distributor row left for a person who is not registered (by an older seed, say) belongs to
 * nobody and is cleared, so registering never trips over it.
 */
async function lockUnregistered(tx: Pick<AppDb, 'execute'>, userId: string) {
  const [row] = await queryRows<{ user_type: UserType | null }>(
    tx,
    sql`select user_type from ${users} where id = ${userId} for update`,
  );
  if (!row)
    throw notFound('Your account no longer exists. Please sign in again.', words('accountGone'));
  if (row.user_type)
    throw conflict(
      `You are already registered as a ${row.user_type}.`,
      words('alreadyRegistered', { role: row.user_type }),
    );
  await tx.execute(sql`delete from ${donors} where user_id = ${userId}`);
  await tx.execute(sql`delete from ${distributors} where user_id = ${userId}`);
}

/**
 * Registers the signed-in person in a role: refused once registered, their consent recorded,
 * their own details and role written, then the role's row (`addRole`), all or nothing.
 */
async function register(
  db: AppDb,
  userId: string,
  input: Person & WithConsent,
  userType: UserType,
  addRole: (tx: Tx) => Promise<unknown>,
): Promise<ProfileRows> {
  await db.transaction(async (tx) => {
    await lockUnregistered(tx, userId);
    await recordConsent(tx, userId, input.consent);
    await tx
      .update(users)
      .set({ ...personColumns(input), userType })
      .where(eq(users.id, userId));
    await addRole(tx);
  });
  return getProfileRows(db, userId, userType);
}

export function registerDonor(
  db: AppDb,
  userId: string,
  input: Person & WithConsent & { donorType: DonorType; distanceRange: number },
): Promise<ProfileRows> {
  return register(db, userId, input, 'donor', (tx) =>
    tx
      .insert(donors)
      .values({ userId, donorType: input.donorType, distanceRange: input.distanceRange }),
  );
}

export function registerDistributor(
  db: AppDb,
  userId: string,
  input: Person & WithConsent & { distanceRange: number; maxCapacity: number },
): Promise<ProfileRows> {
  return register(db, userId, input, 'distributor', (tx) =>
    tx.insert(distributors).values({
      userId,
      distanceRange: input.distanceRange,
      maxCapacity: input.maxCapacity,
    }),
  );
}

/** A registered person's own rows in their role; 404 when they have no such profile. */
export async function getProfileRows(
  db: AppDb,
  userId: string,
  userType: UserType,
): Promise<ProfileRows> {
  if (userType === 'donor') {
    const [row] = await db
      .select({ user: users, donor: donors })
      .from(users)
      .innerJoin(donors, eq(donors.userId, users.id))
      .where(eq(users.id, userId));
    if (!row) throw notFound('No donor profile found.', words('noDonorProfile'));
    return { userType, ...row };
  }
  const [row] = await db
    .select({ user: users, distributor: distributors })
    .from(users)
    .innerJoin(distributors, eq(distributors.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound('No distributor profile found.', words('noDistributorProfile'));
  return { userType, ...row };
}

/** The fields of a profile change it names (one left undefined keeps its column as it is). */
function fieldsGiven<T extends object, K extends keyof T>(
  patch: T,
  keys: readonly K[],
): { [P in K]?: Exclude<T[P], undefined> } {
  return Object.fromEntries(
    keys.filter((k) => patch[k] !== undefined).map((k) => [k, patch[k]]),
  ) as { [P in K]?: Exclude<T[P], undefined> };
}

/**
 * A registration number's check after a change: kept for the same number, gone for another
 * (none when the change leaves the number alone).
 */
function checkKept(
  number: PgColumn,
  checkedAt: PgColumn,
  given: string | null | undefined,
): SQL | undefined {
  if (given === undefined) return undefined;
  return sql`case when ${number} is not distinct from ${given} then ${checkedAt} end`;
}

export async function updateDonor(
  db: AppDb,
  userId: string,
  patch: Partial<Person> & {
    donorType?: DonorType | undefined;
    distanceRange?: number | undefined;
    fssaiNumber?: string | null | undefined;
  },
): Promise<ProfileRows> {
  await db.transaction(async (tx) => {
    await refreshOpenPackages(tx, 'donor', userId, patch);
    await tx.update(users).set(personColumns(patch)).where(eq(users.id, userId));
    const fssaiVerifiedAt = checkKept(
      donors.fssaiNumber,
      donors.fssaiVerifiedAt,
      patch.fssaiNumber,
    );
    const donorPatch = fieldsGiven({ ...patch, fssaiVerifiedAt }, [
      'donorType',
      'distanceRange',
      'fssaiNumber',
      'fssaiVerifiedAt',
    ]);
    if (Object.keys(donorPatch).length) {
      await tx.update(donors).set(donorPatch).where(eq(donors.userId, userId));
    }
  });
  return getProfileRows(db, userId, 'donor');
}

export async function updateDistributor(
  db: AppDb,
  userId: string,
  patch: Partial<Person> & {
    distanceRange?: number | undefined;
    maxCapacity?: number | undefined;
    autoAccept?: boolean | undefined;
    vegOnly?: boolean | undefined;
    registrationNumber?: string | null | undefined;
  },
): Promise<ProfileRows> {
  await db.transaction(async (tx) => {
    // The person's lock first, as every whole-person action takes it: this writes the person's
    // row and then their distributor row (and a move, at commit, the copies matching ranks from),
    // while a split holds the distributor rows it planned (after its shared
    // person locks) and then claims each person's row. Without it the two deadlocked and the
    // split donation answered 500 (an attacker's tries: moves, capacity and range).
    await lockPersonExclusive(tx, userId);
    await refreshOpenPackages(tx, 'distributor', userId, patch);
    await tx.update(users).set(personColumns(patch)).where(eq(users.id, userId));
    if (patch.maxCapacity !== undefined) {
      // Capacity may not drop below the meals already promised to this distributor.
      const [row] = await tx
        .select({ openLoad: distributors.openLoad })
        .from(distributors)
        .where(eq(distributors.userId, userId))
        .for('update');
      if (row && patch.maxCapacity < row.openLoad) {
        throw conflict(
          `You have ${row.openLoad} meals still to collect or hand out; capacity cannot go below that.`,
          words('capacityBelowLoad', { count: row.openLoad }),
        );
      }
    }
    const registrationVerifiedAt = checkKept(
      distributors.registrationNumber,
      distributors.registrationVerifiedAt,
      patch.registrationNumber,
    );
    const distributorPatch = fieldsGiven({ ...patch, registrationVerifiedAt }, [
      'distanceRange',
      'maxCapacity',
      'autoAccept',
      'vegOnly',
      'registrationNumber',
      'registrationVerifiedAt',
    ]);
    if (Object.keys(distributorPatch).length) {
      await tx.update(distributors).set(distributorPatch).where(eq(distributors.userId, userId));
    }
  });
  return getProfileRows(db, userId, 'distributor');
}

/** Keeps the language a person reads AlmQuest in on their account. */
export async function setAccountLocale(db: AppDb, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}

/**
 * Flips a distributor between active (visible to donors) and inactive. In a transaction, so a
 * deadlock with a split claiming this distributor is retried, not answered 500.
 */
export async function toggleDistributorActivity(db: AppDb, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(distributors)
      .set({ isActive: sql`not ${distributors.isActive}` })
      .where(eq(distributors.userId, userId))
      .returning({ isActive: distributors.isActive });
    if (!row) throw notFound('No distributor profile found.', words('noDistributorProfile'));
    return row.isActive;
  });
}

/**
 * Deletes an account. Refused while a package is Paired or Received (someone is counting on the
 * exchange). Not Paired packages are withdrawn; Distributed ones stay in the other side's history
 * without this person's phone number.
 */
export { FORMER_DISTRIBUTOR, FORMER_DONOR };

export async function deleteAccount(db: AppDb, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The person first (no-key update: what matching's claim and a donation take shared, while a
    // notification's key-share lock does not wait for it), then their packages and role rows, as
    // a suspension does (db/client.ts). Taking the distributor row before the person deadlocked
    // with donations being matched to this distributor: the claim holds the person shared and
    // then needs the distributor row (500 after 7-9 s).
    await lockPersonExclusive(tx, userId);
    const locked = await queryRows<{ suspended: boolean; email: string }>(
      tx,
      sql`select suspended_at is not null as suspended, lower(email) as email
            from ${users} where id = ${userId} for no key update`,
    );
    await tx.execute(
      sql`select id from ${packages} where donor_id = ${userId} or distributor_id = ${userId} order by id for update`,
    );
    await tx.execute(sql`select user_id from ${distributors} where user_id = ${userId} for update`);
    await tx.execute(sql`select user_id from ${donors} where user_id = ${userId} for update`);
    // A suspension is not undone by deleting the account and signing up again.
    if (locked[0]?.suspended) throw forbidden('Your account is suspended.', words('suspended'));
    const open = await tx
      .select({ id: packages.id, state: packages.state })
      .from(packages)
      .where(
        // A donor's part ends at the handover: a Received package (the distributor holds the
        // food) does not keep the donor from leaving; the distributor finishes it themselves.
        or(
          and(eq(packages.donorId, userId), inArray(packages.state, ['Offered', 'Paired'])),
          and(
            eq(packages.distributorId, userId),
            inArray(packages.state, ['Offered', 'Paired', 'Received']),
          ),
        ),
      )
      .limit(1);
    if (open.length) {
      throw conflict(
        'You have a package that is Offered, Paired or Received. Finish, answer or cancel it before deleting your profile.',
        words('finishBeforeDelete'),
      );
    }
    // A waiting package someone reported is cancelled, not deleted: the report stays for the
    // coordinators (and is anonymised with the rest below).
    const reported = await tx
      .select()
      .from(packages)
      .where(
        and(
          eq(packages.donorId, userId),
          eq(packages.state, 'Not Paired'),
          sql`exists (select 1 from ${packageReports} r where r.package_id = ${packages.id})`,
        ),
      )
      .for('update');
    for (const pkg of reported) {
      await move(tx, pkg, 'cancel', { set: { cancelledAt: sql`now()` } });
    }
    // The rest of their waiting packages are withdrawn (locked above, with all of theirs).
    await withdrawLocked(
      tx,
      await tx
        .select({ id: packages.id, state: packages.state })
        .from(packages)
        .where(and(eq(packages.donorId, userId), eq(packages.state, 'Not Paired'))),
    );
    // Their split donations are what is left of them.
    await recountDonationGroups(tx, sql`g.donor_id = ${userId}`);
    // What stays in the other side's history no longer says who this was or where they lived.
    // Where a former donor's packages were picked up (often their home) gives way to the meet
    // point, which both sides already knew, rounded to about a kilometre: a donor who would not
    // travel met at their own door, so the meet point can be the home too. The directions, which
    // start or end there, go.
    const meetLatRounded = sql`round(coalesce(${packages.meetLat}, ${packages.lat})::numeric, 2)::float8`;
    const meetLngRounded = sql`round(coalesce(${packages.meetLng}, ${packages.lng})::numeric, 2)::float8`;
    await tx
      .update(packages)
      .set({
        donorName: FORMER_DONOR,
        donorPhone: '',
        donorPath: '',
        distributorPath: '',
        address: sql`coalesce(${packages.meetAddress}, ${FORMER_DONOR})`,
        lat: meetLatRounded,
        lng: meetLngRounded,
        meetLat: meetLatRounded,
        meetLng: meetLngRounded,
      })
      .where(eq(packages.donorId, userId));
    await tx.execute(sql`
      update ${notifications} n
      set package_address = p.address
      from ${packages} p
      where p.id = n.package_id and p.donor_id = ${userId} and n.user_id <> ${userId}`);
    // Notifications the other side got name this person and show their picture: not any more.
    await tx.execute(sql`
      update ${notifications} n
      set counterpart_name = case when n.user_type = 'Donor' then ${FORMER_DISTRIBUTOR} else ${FORMER_DONOR} end,
          photo = null
      from ${packages} p
      where p.id = n.package_id and n.user_id <> ${userId}
        and (p.donor_id = ${userId} or p.distributor_id = ${userId})`);
    await tx
      .update(packages)
      .set({
        distributorName: FORMER_DISTRIBUTOR,
        distributorPhone: '',
        distributorAddress: '',
        distributorLat: null,
        distributorLng: null,
        distributorPath: '',
      })
      .where(eq(packages.distributorId, userId));
    if (locked[0]) await eraseElsewhere(tx, userId, locked[0].email);
    await tx.delete(users).where(eq(users.id, userId));
  });
}

/**
 * What else holds the person's data beyond their rows and packages (decision 043): messages
 * they sent through the contact page (by their e-mail), the development sign-in's records of
 * them, notes on reports they made, and coordinators' words about them and their packages in the
 * audit log (what was done, to which id and when stay; privacy/erasure.test.ts checks every
 * column). Runs before their packages let go of them.
 */
async function eraseElsewhere(tx: Tx, userId: string, email: string): Promise<void> {
  const person = { email };
  await tx.execute(sql`delete from ${contactMessages} where lower(email) = ${person.email}`);
  // The development sign-in's account, grants and sessions of exactly this address.
  await tx.execute(sql`
    delete from ${devIdpEntries}
     where lower(key) = ${`account:${person.email}`}
        or lower(payload->>'accountId') = ${person.email}
        or position(${`"${person.email}"`} in lower(payload::text)) > 0`);
  // Their own words: notes on reports they made. (Notes others wrote about their packages are the
  // reporters' and the coordinators' evidence: deleting an account must not wipe a complaint.)
  await tx.execute(sql`
    update ${packageReports} set note = null where reporter_id = ${userId} and note is not null`);
  // Coordinators' words about them: every word of an action on them (a registration check's
  // details hold their number); the free text of actions on their packages (details there are
  // ids and states).
  const theirPackages = sql`select id::text from ${packages}
     where donor_id = ${userId} or distributor_id = ${userId}`;
  await tx.execute(sql`select set_config('almquest.audit_erasure', 'on', true)`);
  await tx.execute(sql`
    update ${auditLog} set reason = null, summary = null, details = null
     where target_kind = 'user' and target_id = ${userId}::text
       and (reason is not null or summary is not null or details is not null)`);
  await tx.execute(sql`
    update ${auditLog} set reason = null, summary = null
     where target_kind = 'package' and target_id in (${theirPackages})
       and (reason is not null or summary is not null)`);
  await tx.execute(sql`select set_config('almquest.audit_erasure', 'off', true)`);
}

/** A donor's kind (Individual, Organisation, Food Chain), or null for anyone else. */
export async function donorTypeOf(db: AppDb, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ donorType: donors.donorType })
    .from(donors)
    .where(eq(donors.userId, userId));
  return row?.donorType ?? null;
}
