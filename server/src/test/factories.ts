import { PRIVACY_NOTICE_VERSION } from '@almquest/contracts/privacy';
import type { DonateRequest, Package } from '@almquest/contracts/packages';
import type { Locale } from '@almquest/contracts/locales';
import type {
  DistributorRegistration,
  DonorRegistration,
  Profile,
} from '@almquest/contracts/users';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { expect } from 'vitest';
import { notificationDeliveries, notifications, packages as packagesTable } from '../db/schema';
import { signIn, type SignedIn } from './session';
import type { TestContext } from './test-app';

let counter = 0;

/**
 * A client address of its own (in 198.18.0.0/15, set aside for tests), sent as the proxy would in
 * X-Forwarded-For to an app started with TRUST_PROXY: rate limits count per address and live in
 * the shared database, so each test that counts to a limit needs an address nobody else uses.
 */
export function uniqueClientIp(): string {
  const n = (process.pid * 7919 + ++counter * 104729 + Math.floor(Math.random() * 65536)) % 131072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Places `northKm` north and `eastKm` east of `base`, all under one address: a test's own patch of
 * India, far from other tests' people so their matches never cross.
 */
/** A fresh, unique e-mail for each person a test makes. */
export function uniqueEmail(tag = 'person'): string {
  counter += 1;
  return `${tag}.${process.pid}.${Date.now()}.${counter}@example.org`;
}

export const places = {
  connaughtPlace: {
    address: 'Connaught Place, Central Delhi, Delhi 110001',
    coordinates: [28.6431, 77.2197],
  },
  karolBagh: {
    address: 'Karol Bagh, Central Delhi, Delhi 110005',
    coordinates: [28.6519, 77.1909],
  },
  andheri: { address: 'Andheri, Mumbai, Maharashtra 400053', coordinates: [19.1197, 72.8464] },
} as const satisfies Record<string, { address: string; coordinates: [number, number] }>;

export type Registered = SignedIn & { profile: Profile };

export function donorInput(overrides: Partial<DonorRegistration> = {}): DonorRegistration {
  return {
    name: 'Asha Restaurant',
    phone: '98765 43210',
    location: { ...places.connaughtPlace, coordinates: [...places.connaughtPlace.coordinates] },
    donorType: 'Organisation',
    distanceRange: 8,
    consent: { notice: PRIVACY_NOTICE_VERSION, isAdult: true },
    ...overrides,
  };
}

export function distributorInput(
  overrides: Partial<DistributorRegistration> = {},
): DistributorRegistration {
  return {
    name: 'Roti Bank Delhi',
    phone: '+91 91234-56789',
    location: { ...places.karolBagh, coordinates: [...places.karolBagh.coordinates] },
    distanceRange: 15,
    maxCapacity: 45,
    consent: { notice: PRIVACY_NOTICE_VERSION, isAdult: true },
    ...overrides,
  };
}

/** Signs someone in through the real provider and registers them as a donor or a distributor. */
async function register(
  ctx: TestContext,
  role: 'donor' | 'distributor',
  input: DonorRegistration | DistributorRegistration,
  email: string,
): Promise<Registered> {
  const session = await signIn(ctx, email);
  const res = await request(ctx.app)
    .post(`/api/${role}/register`)
    .set('Cookie', session.cookie)
    .send(input);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...session, profile: res.body.data as Profile };
}

export function createDonor(
  ctx: TestContext,
  overrides: Partial<DonorRegistration> = {},
  email = uniqueEmail('donor'),
): Promise<Registered> {
  return register(ctx, 'donor', donorInput(overrides), email);
}

export function createDistributor(
  ctx: TestContext,
  overrides: Partial<DistributorRegistration> = {},
): Promise<Registered> {
  return register(ctx, 'distributor', distributorInput(overrides), uniqueEmail('distributor'));
}

/**
 * Gives distributors the record of a long-serving NGO (`collected` pick-ups, none missed): they
 * then hold as many packages at once automatically as their room allows (decision 035). For tests
 * about something else that pair one fresh distributor with several packages.
 */
export async function withLongRecord(
  ctx: TestContext,
  distributorIds: string[],
  collected = 1000,
): Promise<void> {
  await ctx.database.db.execute(sql`
    update distributors set pickups_collected = ${collected}
     where user_id in (${sql.join(
       distributorIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})`);
}

export function donationInput(
  donor: Registered,
  overrides: Partial<DonateRequest> = {},
): DonateRequest {
  return {
    donor_id: donor.profile.id,
    quantity: 10,
    travelCapacity: '8 Kilometres',
    location: { ...donor.profile.location },
    timestamp: Date.now(),
    ...overrides,
  };
}

/** Donates through the API and returns the package as presented. */
export async function donate(
  ctx: TestContext,
  donor: Registered,
  overrides: Partial<DonateRequest> = {},
): Promise<Package> {
  const res = await request(ctx.app)
    .post('/api/donor/donate')
    .set('Cookie', donor.cookie)
    .send(donationInput(donor, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.package as Package;
}

/** The handover code the donor's page shows for a Paired package (as the donor would read it). */
export async function handoverCodeOf(ctx: TestContext, packageId: string): Promise<string> {
  const rows = await ctx.database.db
    .select({ code: packagesTable.handoverCode })
    .from(packagesTable)
    .where(eq(packagesTable.id, packageId));
  const code = rows[0]?.code;
  if (!code) throw new Error(`package ${packageId} has no handover code (is it Paired?)`);
  return code;
}

/** The distributor marks a package Received or Distributed, with the donor's handover code. */
export async function markPackage(
  ctx: TestContext,
  distributor: Registered,
  pkg: { _id: string; donor_id: string | null },
  state: 'Received' | 'Distributed',
  extra: object = {},
) {
  return request(ctx.app)
    .post('/api/distributor/togglePackage')
    .set('Cookie', distributor.cookie)
    .send({
      donor_id: pkg.donor_id,
      distributor_id: distributor.profile.id,
      packageId: pkg._id,
      state,
      code: await handoverCodeOf(ctx, pkg._id),
      ...extra,
    });
}

/** Changes a distributor's profile through the API (e.g. `{ autoAccept: false }`). */
export async function updateDistributor(ctx: TestContext, who: Registered, patch: object) {
  await request(ctx.app)
    .patch(`/api/distributor/update/${who.profile.id}`)
    .set('Cookie', who.cookie)
    .send(patch)
    .expect(200);
}

/** The API as a signed-in person calls it (their session cookie on every request). */
export function callsAs(ctx: TestContext, who: { cookie: string }) {
  return {
    get: (url: string) => request(ctx.app).get(url).set('Cookie', who.cookie),
    post: (url: string, body: object = {}) =>
      request(ctx.app).post(url).set('Cookie', who.cookie).send(body),
    patch: (url: string, body: object) =>
      request(ctx.app).patch(url).set('Cookie', who.cookie).send(body),
    put: (url: string, body: object) =>
      request(ctx.app).put(url).set('Cookie', who.cookie).send(body),
    delete: (url: string) => request(ctx.app).delete(url).set('Cookie', who.cookie),
  };
}

/** Sets the language a person reads AlmQuest in, as the app's language picker does. */
export async function readsIn(ctx: TestContext, who: SignedIn, locale: Locale) {
  await callsAs(ctx, who).put('/api/me/locale', { locale }).expect(204);
}

/** A donor at `at(0)` and a distributor 2 km away who answers each offer themselves. */
export async function donorAndAnsweringDistributor(
  ctx: TestContext,
  at: (northKm: number) => { address: string; coordinates: [number, number] },
) {
  const donor = await createDonor(ctx, { location: at(0) });
  const distributor = await createDistributor(ctx, { location: at(2) });
  await updateDistributor(ctx, distributor, { autoAccept: false });
  return { donor, distributor };
}

/** How the delivery of the first notification about a package stands (none yet: undefined). */
export async function firstDelivery(ctx: TestContext, packageId: string) {
  const [row] = await ctx.database.db
    .select({
      state: notificationDeliveries.state,
      attempts: notificationDeliveries.attempts,
      error: notificationDeliveries.lastError,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(eq(notifications.packageId, packageId))
    .orderBy(notifications.id)
    .limit(1);
  return row;
}
