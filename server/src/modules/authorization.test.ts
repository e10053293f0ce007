import { PRIVACY_NOTICE_VERSION } from '@almquest/contracts/privacy';
import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDistributor,
  createDonor,
  distributorInput,
  donate,
  donationInput,
  donorInput,
  handoverCodeOf,
  type Registered,
  uniqueEmail,
  withLongRecord,
} from '../test/factories';
import { queryRows } from '../db/client';
import { listApiRoutes } from '../test/routes';
import { localTime } from './standing/recurrence';
import { signIn, type SignedIn } from '../test/session';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * Who gets what from every route of the API. A route added without a row here fails the first
 * test, so no route ships without its authorization being decided and tested.
 */
type BaseActor = 'visitor' | 'unregistered' | 'donorA' | 'donorB' | 'distributorX' | 'distributorY';
/**
 * The coordinator is also a registered donor who is party to none of the fixtures:
 * outside the coordinator routes they get what donorB gets, unless a row says otherwise.
 */
type Actor = BaseActor | 'coordinator';
const baseActors: BaseActor[] = [
  'visitor',
  'unregistered',
  'donorA',
  'donorB',
  'distributorX',
  'distributorY',
];
const actors: Actor[] = [...baseActors, 'coordinator'];
const COORDINATOR_EMAIL = uniqueEmail('coordinator');

type People = Record<Exclude<Actor, 'visitor'>, SignedIn | Registered>;
type Call = { method: 'get' | 'post' | 'put' | 'patch' | 'delete'; url: string; body?: object };
type Expect = Record<BaseActor, number> & { coordinator?: number };
const expected = (row: Row, actor: Actor): number =>
  actor === 'coordinator' ? (row.expect.coordinator ?? row.expect.donorB) : row.expect[actor];
type Row = {
  route: string;
  call: (people: People, actor: Actor) => Call | Promise<Call>;
  expect: Expect;
  /** The owner's own cell uses a fresh person, because the call changes them for good. */
  freshOwner?: (ctx: TestContext) => Promise<Registered>;
};

const all = (status: number): Record<BaseActor, number> =>
  Object.fromEntries(baseActors.map((a) => [a, status])) as Record<BaseActor, number>;
const signedIn = (status: number): Record<BaseActor, number> => ({
  ...all(status),
  visitor: 401,
});
/** A coordinator route: nobody else gets past the check (a visitor 401, anyone else 403). */
const coordinatorOnly = (status = 200): Expect => ({ ...signedIn(403), coordinator: status });
const onlyOwner = (owner: BaseActor, status = 200): Record<BaseActor, number> => ({
  visitor: 401,
  unregistered: 403,
  donorA: 403,
  donorB: 403,
  distributorX: 403,
  distributorY: 403,
  [owner]: status,
});
const registration = (): Record<BaseActor, number> => ({ ...signedIn(409), unregistered: 201 });
const id = (people: People, who: 'donorA' | 'distributorX') =>
  (people[who] as Registered).profile.id;
const ownId = (people: People, actor: Actor) =>
  actor === 'visitor' ? '00000000-0000-4000-8000-000000000000' : people[actor].user.id;

/** A browser subscription on Google's push service, with real keys, new each time. */
function fcmSubscription() {
  const ecdh = createECDH('prime256v1');
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`,
    keys: {
      p256dh: ecdh.generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

/** Packaged food every day at a time an hour from now (India's clock), at donorA's place. */
function standingInput() {
  const soon = localTime(new Date(Date.now() + 3_600_000));
  return {
    days: ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'],
    readyAt: soon,
    windowHours: 2,
    quantity: 5,
    travelCapacity: 8,
    location: lucknow(0),
    diet: 'veg',
    foodKind: 'packaged',
  };
}

/** Packages made before the table runs: one Paired (donorA with distributorX), one waiting. */
const fixtures = {
  pairedId: '',
  waitingId: '',
  notificationId: '',
  /** Offered to distributorX (who answers offers for these), to accept and to decline. */
  toAcceptId: '',
  toDeclineId: '',
  /** Paired with distributorX, to say they set out for, then to release. */
  toReleaseId: '',
  /** donorA's waiting packages, to cancel and to widen. */
  toCancelId: '',
  toWidenId: '',
  /** Waiting packages a coordinator offers and cancels; a report; a message. */
  toOfferId: '',
  toCoordinatorCancelId: '',
  reportId: '',
  messageId: '',
  /** A donor, party to nothing else, whom the coordinator suspends and reinstates. */
  victimId: '',
  /** DonorA's donation split between a distributor outside the cast and the rest. */
  groupId: '',
  /** DonorA's standing donation, its today listed and paired with distributorX; a day to come. */
  standingId: '',
  standingDay: '',
  /** Another of donorA's, to end. */
  toEndStandingId: '',
};
/** Who answers for a package: its offered or assigned distributor, the donor, strangers. */
const lifecycle = (owner: BaseActor): Record<BaseActor, number> => ({
  visitor: 401,
  unregistered: 403,
  donorA: 403,
  donorB: 404,
  distributorX: 403,
  distributorY: 404,
  [owner]: 200,
});
const lucknow = (dLat: number) => ({
  address: 'Hazratganj, Lucknow',
  coordinates: [26.85 + dLat, 80.95] as [number, number],
});
const andaman = { address: 'Port Blair', coordinates: [11.62, 92.72] as [number, number] };

const table: Row[] = [
  { route: 'GET /health', call: () => ({ method: 'get', url: '/api/health' }), expect: all(200) },
  {
    route: 'GET /health/live',
    call: () => ({ method: 'get', url: '/api/health/live' }),
    expect: all(200),
  },
  { route: 'GET /config', call: () => ({ method: 'get', url: '/api/config' }), expect: all(200) },
  { route: 'GET /impact', call: () => ({ method: 'get', url: '/api/impact' }), expect: all(200) },
  { route: 'GET /site', call: () => ({ method: 'get', url: '/api/site' }), expect: all(200) },
  {
    route: 'GET /places',
    call: () => ({ method: 'get', url: '/api/places?q=Delhi' }),
    expect: all(200),
  },
  {
    route: 'GET /places/reverse',
    call: () => ({ method: 'get', url: '/api/places/reverse?lat=28.64&lng=77.22' }),
    expect: all(200),
  },
  {
    route: 'GET /auth/login',
    call: () => ({ method: 'get', url: '/api/auth/login' }),
    expect: all(303),
  },
  {
    route: 'GET /auth/callback',
    call: () => ({ method: 'get', url: '/api/auth/callback' }),
    expect: all(303),
  },
  {
    route: 'POST /auth/logout',
    call: () => ({ method: 'post', url: '/api/auth/logout' }),
    expect: all(204),
  },
  {
    route: 'POST /contact',
    call: () => ({
      method: 'post',
      url: '/api/contact',
      body: { name: 'Kavya', email: 'kavya@example.org', message: 'Hello' },
    }),
    expect: all(202),
  },
  { route: 'GET /me', call: () => ({ method: 'get', url: '/api/me' }), expect: signedIn(200) },
  {
    route: 'PUT /me/locale',
    call: () => ({ method: 'put', url: '/api/me/locale', body: { locale: 'hi' } }),
    expect: signedIn(204),
  },
  {
    route: 'GET /session',
    call: () => ({ method: 'get', url: '/api/session' }),
    expect: all(200),
  },
  {
    route: 'POST /checkExist',
    call: (people, actor) => ({
      method: 'post',
      url: '/api/checkExist',
      body: { email: actor === 'visitor' ? 'nobody@example.org' : people[actor].user.email },
    }),
    expect: signedIn(200),
  },
  {
    route: 'POST /donor/register',
    call: () => ({ method: 'post', url: '/api/donor/register', body: donorInput() }),
    expect: registration(),
  },
  {
    route: 'POST /distributor/register',
    call: () => ({ method: 'post', url: '/api/distributor/register', body: distributorInput() }),
    expect: registration(),
  },
  {
    route: 'GET /:userType/:id',
    call: (p) => ({ method: 'get', url: `/api/donor/${id(p, 'donorA')}` }),
    expect: onlyOwner('donorA'),
  },
  {
    route: 'GET /:userType/:id',
    call: (p) => ({ method: 'get', url: `/api/distributor/${id(p, 'distributorX')}` }),
    expect: onlyOwner('distributorX'),
  },
  {
    route: 'PATCH /donor/update/:id',
    call: (p) => ({
      method: 'patch',
      url: `/api/donor/update/${id(p, 'donorA')}`,
      body: { name: 'Asha' },
    }),
    expect: onlyOwner('donorA'),
  },
  {
    route: 'PATCH /distributor/update/:id',
    call: (p) => ({
      method: 'patch',
      url: `/api/distributor/update/${id(p, 'distributorX')}`,
      body: { maxCapacity: 190 },
    }),
    expect: onlyOwner('distributorX'),
  },
  {
    route: 'POST /distributor/toggle/:id',
    call: (p) => ({ method: 'post', url: `/api/distributor/toggle/${id(p, 'distributorX')}` }),
    expect: onlyOwner('distributorX'),
  },
  {
    route: 'POST /donor/donate',
    call: (p, actor) => ({
      method: 'post',
      url: '/api/donor/donate',
      body:
        actor === 'visitor'
          ? { donor_id: ownId(p, actor) }
          : {
              ...donationInput(p.donorA as Registered),
              donor_id: ownId(p, actor),
              location: andaman,
            },
    }),
    expect: { ...onlyOwner('donorA', 201), donorB: 201 },
  },
  {
    route: 'GET /package/:id',
    call: () => ({ method: 'get', url: `/api/package/${fixtures.pairedId}` }),
    // Someone else's package answers as a missing one would.
    expect: { ...onlyOwner('donorA'), distributorX: 200, donorB: 404, distributorY: 404 },
  },
  {
    route: 'GET /package/:id/route',
    call: () => ({ method: 'get', url: `/api/package/${fixtures.pairedId}/route` }),
    // Someone else's package answers as a missing one would.
    expect: { ...onlyOwner('donorA'), distributorX: 200, donorB: 404, distributorY: 404 },
  },
  {
    route: 'POST /distributor/togglePackage',
    call: async (p, actor) => ({
      method: 'post',
      url: '/api/distributor/togglePackage',
      body: {
        donor_id: id(p, 'donorA'),
        distributor_id: ownId(p, actor),
        packageId: fixtures.pairedId,
        state: 'Received',
        code: await handoverCodeOf(ctx, fixtures.pairedId),
      },
    }),
    expect: { ...onlyOwner('distributorX'), distributorY: 404 },
  },
  {
    route: 'POST /package/:id/accept',
    call: () => ({ method: 'post', url: `/api/package/${fixtures.toAcceptId}/accept` }),
    expect: lifecycle('distributorX'),
  },
  {
    route: 'POST /package/:id/decline',
    call: () => ({
      method: 'post',
      url: `/api/package/${fixtures.toDeclineId}/decline`,
      body: { reason: 'Van is full' },
    }),
    // Declined: no longer theirs, so the answer shows nothing of it.
    expect: { ...lifecycle('distributorX'), distributorX: 204 },
  },
  {
    // Said before it is released below: its distributor sets out.
    route: 'POST /package/:id/on-my-way',
    call: () => ({ method: 'post', url: `/api/package/${fixtures.toReleaseId}/on-my-way` }),
    expect: lifecycle('distributorX'),
  },
  {
    route: 'POST /package/:id/release',
    call: () => ({
      method: 'post',
      url: `/api/package/${fixtures.toReleaseId}/release`,
      body: {},
    }),
    expect: { ...lifecycle('distributorX'), distributorX: 204 },
  },
  {
    route: 'GET /calendar/:file',
    // A feed is found by its unguessable address alone (no session); a wrong one by nobody.
    call: () => ({
      method: 'get',
      url: '/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics',
    }),
    expect: all(404),
  },
  {
    route: 'GET /privacy',
    call: () => ({ method: 'get', url: '/api/privacy' }),
    expect: all(200),
  },
  {
    route: 'POST /me/consent',
    call: () => ({
      method: 'post',
      url: '/api/me/consent',
      body: { consent: { notice: PRIVACY_NOTICE_VERSION, isAdult: true } },
    }),
    expect: { ...signedIn(204), unregistered: 403 },
  },
  {
    route: 'GET /me/export',
    call: () => ({ method: 'get', url: '/api/me/export' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /me/calendar',
    call: () => ({ method: 'get', url: '/api/me/calendar' }),
    expect: { ...signedIn(200), unregistered: 403 },
  },
  {
    route: 'POST /me/calendar',
    call: () => ({ method: 'post', url: '/api/me/calendar' }),
    expect: { ...signedIn(201), unregistered: 403 },
  },
  {
    route: 'DELETE /me/calendar',
    call: () => ({ method: 'delete', url: '/api/me/calendar' }),
    expect: { ...signedIn(204), unregistered: 403 },
  },
  {
    route: 'GET /package/:id/ics',
    call: () => ({ method: 'get', url: `/api/package/${fixtures.pairedId}/ics` }),
    expect: { ...onlyOwner('donorA'), distributorX: 200, donorB: 404, distributorY: 404 },
  },
  {
    route: 'POST /coordinator/people/:id/registration',
    // The victim donor gave no number: a coordinator gets past the check and is told so.
    call: () => ({
      method: 'post',
      url: `/api/coordinator/people/${fixtures.victimId}/registration`,
      body: { isVerified: true, number: '12345678901234' },
    }),
    expect: coordinatorOnly(409),
  },
  {
    route: 'POST /package/:id/dispose',
    // Only the package's distributor (the fixture was marked Received by an earlier row).
    call: () => ({
      method: 'post',
      url: `/api/package/${fixtures.pairedId}/dispose`,
      body: { quantity: 1, reason: 'spoiled' },
    }),
    expect: { ...onlyOwner('distributorX'), donorA: 403, donorB: 404, distributorY: 404 },
  },
  {
    route: 'GET /standing-donations',
    call: () => ({ method: 'get', url: '/api/standing-donations' }),
    // Each donor their own list; no one else has one.
    expect: { ...signedIn(403), donorA: 200, donorB: 200 },
  },
  {
    route: 'POST /standing-donations',
    call: () => ({
      method: 'post',
      url: '/api/standing-donations',
      body: standingInput(),
    }),
    expect: { ...signedIn(403), donorA: 201, donorB: 201 },
  },
  {
    route: 'GET /standing-donations/:id',
    call: () => ({ method: 'get', url: `/api/standing-donations/${fixtures.standingId}` }),
    // Another donor's standing donation does not exist for them.
    expect: { ...signedIn(403), donorA: 200, donorB: 404 },
  },
  {
    route: 'PATCH /standing-donations/:id',
    call: () => ({
      method: 'patch',
      url: `/api/standing-donations/${fixtures.standingId}`,
      body: { quantity: 11 },
    }),
    expect: { ...signedIn(403), donorA: 200, donorB: 404 },
  },
  {
    route: 'POST /standing-donations/:id/end',
    call: () => ({
      method: 'post',
      url: `/api/standing-donations/${fixtures.toEndStandingId}/end`,
    }),
    expect: { ...signedIn(403), donorA: 200, donorB: 404 },
  },
  {
    route: 'PUT /standing-donations/:id/days/:date',
    call: () => ({
      method: 'put',
      url: `/api/standing-donations/${fixtures.standingId}/days/${fixtures.standingDay}`,
      body: { quantity: 9 },
    }),
    expect: { ...signedIn(403), donorA: 200, donorB: 404 },
  },
  {
    route: 'DELETE /standing-donations/:id/days/:date',
    call: () => ({
      method: 'delete',
      url: `/api/standing-donations/${fixtures.standingId}/days/${fixtures.standingDay}`,
    }),
    expect: { ...signedIn(403), donorA: 200, donorB: 404 },
  },
  {
    route: 'PUT /standing-donations/:id/pickup',
    call: () => ({
      method: 'put',
      url: `/api/standing-donations/${fixtures.standingId}/pickup`,
    }),
    // Only a distributor who took one of its days may know it exists.
    expect: { ...signedIn(403), distributorX: 204, distributorY: 404 },
  },
  {
    route: 'DELETE /standing-donations/:id/pickup',
    call: () => ({
      method: 'delete',
      url: `/api/standing-donations/${fixtures.standingId}/pickup`,
    }),
    expect: { ...signedIn(404), unregistered: 403, donorA: 204, distributorX: 204 },
  },
  {
    route: 'GET /donations/:groupId',
    call: () => ({ method: 'get', url: `/api/donations/${fixtures.groupId}` }),
    // A split donation is its donor's alone: to anyone else it does not exist.
    expect: { ...lifecycle('donorA'), distributorX: 404 },
  },
  {
    route: 'POST /donations/:groupId/cancel',
    call: () => ({
      method: 'post',
      url: `/api/donations/${fixtures.groupId}/cancel`,
      body: { reason: 'Party called off' },
    }),
    expect: { ...lifecycle('donorA'), distributorX: 404 },
  },
  {
    route: 'POST /package/:id/cancel',
    call: () => ({
      method: 'post',
      url: `/api/package/${fixtures.toCancelId}/cancel`,
      body: { reason: 'Eaten already' },
    }),
    // Still waiting: no distributor is party to it yet.
    expect: { ...lifecycle('donorA'), distributorX: 404 },
  },
  {
    route: 'PATCH /package/:id',
    call: () => ({
      method: 'patch',
      url: `/api/package/${fixtures.toWidenId}`,
      body: { travelCapacity: '1 km' },
    }),
    expect: { ...lifecycle('donorA'), distributorX: 404 },
  },
  {
    route: 'DELETE /donor/:donor_id/package/:packageId',
    call: (p) => ({
      method: 'delete',
      url: `/api/donor/${id(p, 'donorA')}/package/${fixtures.waitingId}`,
    }),
    expect: onlyOwner('donorA', 204),
  },
  {
    route: 'GET /:userType/:id/packages',
    call: (p) => ({ method: 'get', url: `/api/donor/${id(p, 'donorA')}/packages` }),
    expect: onlyOwner('donorA'),
  },
  {
    route: 'GET /:userType/:id/packages',
    call: (p) => ({ method: 'get', url: `/api/distributor/${id(p, 'distributorX')}/packages` }),
    expect: onlyOwner('distributorX'),
  },
  {
    route: 'GET /:userType/:id/getNotifs',
    call: (p) => ({ method: 'get', url: `/api/donor/${id(p, 'donorA')}/getNotifs` }),
    expect: onlyOwner('donorA'),
  },
  {
    route: 'POST /:userType/:id/notifSeen',
    call: (p) => ({ method: 'post', url: `/api/distributor/${id(p, 'distributorX')}/notifSeen` }),
    expect: onlyOwner('distributorX'),
  },
  {
    // Someone else's notification looks exactly like a missing one (no existence oracle).
    route: 'POST /notifications/:id/seen',
    call: () => ({ method: 'post', url: `/api/notifications/${fixtures.notificationId}/seen` }),
    expect: {
      visitor: 401,
      unregistered: 403,
      donorA: 200,
      donorB: 404,
      distributorX: 404,
      distributorY: 404,
    },
  },
  {
    // A stream stays open; a HEAD-like check of the status is enough here.
    route: 'GET /events',
    call: () => ({ method: 'get', url: '/api/events?probe=1' }),
    expect: signedIn(200),
  },
  {
    // Pusher is not configured in this file, so a registered user learns it is not there.
    route: 'POST /realtime/auth',
    call: (p, actor) => ({
      method: 'post',
      url: '/api/realtime/auth',
      body: { socket_id: '1.2', channel_name: `private-user-${ownId(p, actor)}` },
    }),
    expect: { ...signedIn(404), unregistered: 403 },
  },
  {
    route: 'GET /push/public-key',
    call: () => ({ method: 'get', url: '/api/push/public-key' }),
    expect: all(200),
  },
  {
    // A device of its own for each caller (the endpoint is never called here: nothing is due).
    route: 'POST /push/subscriptions',
    call: () => ({ method: 'post', url: '/api/push/subscriptions', body: fcmSubscription() }),
    expect: signedIn(201),
  },
  {
    // Nobody's device: a signed-in caller hears 404, like for someone else's.
    route: 'DELETE /push/subscriptions',
    call: () => ({
      method: 'delete',
      url: '/api/push/subscriptions',
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/nobody' },
    }),
    expect: signedIn(404),
  },
  {
    route: 'GET /messaging',
    call: () => ({ method: 'get', url: '/api/messaging' }),
    expect: signedIn(200),
  },
  {
    // Neither WhatsApp nor SMS is configured in this file: a signed-in caller hears it is not
    // there (the channels' own rules are in messaging/whatsapp.test.ts and sms.test.ts).
    route: 'POST /messaging/:channel',
    call: () => ({ method: 'post', url: '/api/messaging/whatsapp' }),
    expect: signedIn(404),
  },
  {
    route: 'POST /messaging/:channel/verify',
    call: () => ({
      method: 'post',
      url: '/api/messaging/whatsapp/verify',
      body: { code: '123456' },
    }),
    expect: signedIn(404),
  },
  {
    route: 'PATCH /messaging/:channel',
    call: () => ({ method: 'patch', url: '/api/messaging/whatsapp', body: { updates: false } }),
    expect: signedIn(404),
  },
  {
    route: 'DELETE /messaging/:channel',
    call: () => ({ method: 'delete', url: '/api/messaging/whatsapp' }),
    expect: signedIn(404),
  },
  {
    route: 'GET /notification-settings',
    call: () => ({ method: 'get', url: '/api/notification-settings' }),
    expect: signedIn(200),
  },
  {
    route: 'PATCH /notification-settings',
    call: () => ({
      method: 'patch',
      url: '/api/notification-settings',
      body: { pushUpdates: true },
    }),
    expect: signedIn(200),
  },
  {
    route: 'GET /mail/unsubscribe',
    call: () => ({ method: 'get', url: '/api/mail/unsubscribe?token=x' }),
    expect: all(303),
  },
  {
    // Public: the signed token is the permission; a forged one is refused alike for everyone.
    route: 'POST /mail/unsubscribe',
    call: () => ({
      method: 'post',
      url: '/api/mail/unsubscribe',
      body: { token: '00000000-0000-4000-8000-000000000000.offers.AAAAAAAAAAAAAAAAAAAAAAAA' },
    }),
    expect: all(400),
  },
  {
    route: 'POST /package/:id/report',
    call: () => ({
      method: 'post',
      url: `/api/package/${fixtures.pairedId}/report`,
      body: { reason: 'no_show' },
    }),
    expect: { ...lifecycle('donorA'), donorA: 201, distributorX: 201 },
  },
  {
    route: 'GET /:userType/:id/impact',
    call: (p) => ({ method: 'get', url: `/api/donor/${id(p, 'donorA')}/impact` }),
    expect: onlyOwner('donorA'),
  },
  {
    route: 'GET /:userType/:id/impact',
    call: (p) => ({ method: 'get', url: `/api/distributor/${id(p, 'distributorX')}/impact` }),
    expect: onlyOwner('distributorX'),
  },
  {
    route: 'GET /:userType/:id/packages.csv',
    call: (p) => ({ method: 'get', url: `/api/donor/${id(p, 'donorA')}/packages.csv` }),
    expect: onlyOwner('donorA'),
  },
  {
    route: 'GET /:userType/:id/packages.csv',
    call: (p) => ({
      method: 'get',
      url: `/api/distributor/${id(p, 'distributorX')}/packages.csv`,
    }),
    expect: onlyOwner('distributorX'),
  },
  {
    route: 'GET /coordinator/packages',
    call: () => ({ method: 'get', url: '/api/coordinator/packages' }),
    expect: coordinatorOnly(),
  },
  {
    route: 'GET /coordinator/packages/:id/candidates',
    call: () => ({
      method: 'get',
      url: `/api/coordinator/packages/${fixtures.toOfferId}/candidates`,
    }),
    expect: coordinatorOnly(),
  },
  {
    route: 'POST /coordinator/packages/:id/offer',
    call: (p) => ({
      method: 'post',
      url: `/api/coordinator/packages/${fixtures.toOfferId}/offer`,
      body: { distributorId: (p.distributorY as Registered).profile.id },
    }),
    expect: coordinatorOnly(),
  },
  {
    route: 'POST /coordinator/packages/:id/cancel',
    call: () => ({
      method: 'post',
      url: `/api/coordinator/packages/${fixtures.toCoordinatorCancelId}/cancel`,
      body: { reason: 'Reported as not food' },
    }),
    expect: coordinatorOnly(),
  },
  {
    route: 'GET /coordinator/people',
    call: () => ({ method: 'get', url: '/api/coordinator/people?q=example' }),
    expect: coordinatorOnly(),
  },
  {
    route: 'GET /coordinator/people/:id',
    call: (p) => ({ method: 'get', url: `/api/coordinator/people/${id(p, 'donorA')}` }),
    expect: coordinatorOnly(),
  },
  {
    route: 'POST /coordinator/people/:id/suspend',
    call: () => ({
      method: 'post',
      url: `/api/coordinator/people/${fixtures.victimId}/suspend`,
      body: { reason: 'Fake packages' },
    }),
    expect: coordinatorOnly(),
  },
  {
    route: 'POST /coordinator/people/:id/reinstate',
    call: () => ({
      method: 'post',
      url: `/api/coordinator/people/${fixtures.victimId}/reinstate`,
      body: { reason: 'Explained by phone' },
    }),
    expect: coordinatorOnly(),
  },
  {
    route: 'GET /coordinator/reports',
    call: () => ({ method: 'get', url: '/api/coordinator/reports' }),
    expect: coordinatorOnly(),
  },
  {
    route: 'POST /coordinator/reports/:id/close',
    call: () => ({
      method: 'post',
      url: `/api/coordinator/reports/${fixtures.reportId}/close`,
      body: { reason: 'Spoke to both sides' },
    }),
    expect: coordinatorOnly(204),
  },
  {
    route: 'GET /coordinator/messages',
    call: () => ({ method: 'get', url: '/api/coordinator/messages' }),
    expect: coordinatorOnly(),
  },
  {
    route: 'PATCH /coordinator/messages/:id',
    call: () => ({
      method: 'patch',
      url: `/api/coordinator/messages/${fixtures.messageId}`,
      body: { isRead: true },
    }),
    expect: coordinatorOnly(204),
  },
  {
    route: 'GET /coordinator/deliveries',
    call: () => ({ method: 'get', url: '/api/coordinator/deliveries?failed=1' }),
    expect: coordinatorOnly(),
  },
  {
    route: 'GET /coordinator/audit',
    call: () => ({ method: 'get', url: '/api/coordinator/audit' }),
    expect: coordinatorOnly(),
  },
  {
    // An export is asked for by a POST; a GET (an image could make it) is refused.
    route: 'GET /coordinator/packages.csv',
    call: () => ({
      method: 'get',
      url: '/api/coordinator/packages.csv?from=2020-01-01&to=2099-12-31',
    }),
    expect: coordinatorOnly(405),
  },
  {
    route: 'POST /coordinator/packages.csv',
    call: () => ({
      method: 'post',
      url: '/api/coordinator/packages.csv',
      body: { from: '2020-01-01', to: '2099-12-31' },
    }),
    expect: coordinatorOnly(),
  },
  {
    route: 'DELETE /:userType/:id',
    call: (p) => ({ method: 'delete', url: `/api/donor/${id(p, 'donorA')}` }),
    expect: onlyOwner('donorA', 204),
    freshOwner: (ctx) => createDonor(ctx),
  },
  {
    route: 'DELETE /:userType/:id',
    call: (p) => ({ method: 'delete', url: `/api/distributor/${id(p, 'distributorX')}` }),
    expect: onlyOwner('distributorX', 204),
    freshOwner: (ctx) => createDistributor(ctx),
  },
];

let ctx: TestContext;
let people: People;
beforeAll(async () => {
  ctx = await createTestApp({ COORDINATOR_EMAILS: COORDINATOR_EMAIL });
  people = {
    unregistered: await signIn(ctx, uniqueEmail('unregistered')),
    donorA: await createDonor(ctx, { location: lucknow(0) }),
    donorB: await createDonor(ctx),
    distributorX: await createDistributor(ctx, { location: lucknow(0.01), maxCapacity: 200 }),
    distributorY: await createDistributor(ctx, {
      location: { address: 'Andheri, Mumbai', coordinates: [19.12, 72.85] },
    }),
    coordinator: await createDonor(ctx, {}, COORDINATOR_EMAIL),
  };
  const donorA = people.donorA as Registered;
  // A long-serving NGO: the packages below are paired with them automatically (decision 035).
  await withLongRecord(ctx, [id(people, 'distributorX')]);
  const paired = await donate(ctx, donorA, { location: lucknow(0) });
  expect(paired.pair?.distributor_id).toBe(id(people, 'distributorX'));
  fixtures.pairedId = paired._id;
  const waiting = await donate(ctx, donorA, { location: andaman, travelCapacity: 0 });
  expect(waiting.current_state).toBe('Not Paired');
  fixtures.waitingId = waiting._id;
  fixtures.toReleaseId = (await donate(ctx, donorA, { location: lucknow(0) }))._id;
  fixtures.toCancelId = (await donate(ctx, donorA, { location: andaman, travelCapacity: 0 }))._id;
  fixtures.toWidenId = (await donate(ctx, donorA, { location: andaman, travelCapacity: 0 }))._id;
  fixtures.toOfferId = (await donate(ctx, donorA, { location: andaman, travelCapacity: 0 }))._id;
  fixtures.toCoordinatorCancelId = (
    await donate(ctx, donorA, { location: andaman, travelCapacity: 0 })
  )._id;
  const victim = await createDonor(ctx);
  fixtures.victimId = victim.profile.id;
  fixtures.reportId = (
    await request(ctx.app)
      .post(`/api/package/${fixtures.pairedId}/report`)
      .set('Cookie', (people.distributorX as Registered).cookie)
      .send({ reason: 'not_food', note: 'Only bottles' })
      .expect(201)
  ).body.id as string;
  await request(ctx.app)
    .post('/api/contact')
    .send({ name: 'Kavya', email: 'kavya.auth@example.org', message: 'Hello coordinators' })
    .expect(202);
  const [message] = await queryRows<{ id: string }>(
    ctx.database.db,
    sql`select id from contact_messages where email = 'kavya.auth@example.org'`,
  );
  fixtures.messageId = message!.id;
  const distributorX = people.distributorX as Registered;
  const setAutoAccept = (autoAccept: boolean) =>
    request(ctx.app)
      .patch(`/api/distributor/update/${distributorX.profile.id}`)
      .set('Cookie', distributorX.cookie)
      .send({ autoAccept })
      .expect(200);
  await setAutoAccept(false);
  const toAccept = await donate(ctx, donorA, { location: lucknow(0) });
  const toDecline = await donate(ctx, donorA, { location: lucknow(0) });
  expect([toAccept.current_state, toDecline.current_state]).toEqual(['Offered', 'Offered']);
  fixtures.toAcceptId = toAccept._id;
  fixtures.toDeclineId = toDecline._id;
  await setAutoAccept(true);
  const shillong = {
    address: 'Police Bazar, Shillong',
    coordinates: [25.57, 91.88] as [number, number],
  };
  await createDistributor(ctx, { location: shillong, maxCapacity: 20 });
  const split = await donate(ctx, donorA, { location: shillong, quantity: 30, allowSplit: true });
  expect(split.groupId).not.toBeNull();
  fixtures.groupId = split.groupId!;
  // A standing donation whose today is listed and paired with distributorX (who answers by
  // themselves again), and one to end.
  const standing = await request(ctx.app)
    .post('/api/standing-donations')
    .set('Cookie', donorA.cookie)
    .send(standingInput())
    .expect(201);
  fixtures.standingId = standing.body.id as string;
  fixtures.standingDay = (standing.body.upcoming as { date: string }[])[1]!.date;
  await ctx.standing.runOnce({ only: [fixtures.standingId] });
  const [listed] = await queryRows<{ distributor_id: string }>(
    ctx.database.db,
    sql`select distributor_id from packages where standing_id = ${fixtures.standingId}::uuid`,
  );
  expect(listed?.distributor_id).toBe(id(people, 'distributorX'));
  fixtures.toEndStandingId = (
    await request(ctx.app)
      .post('/api/standing-donations')
      .set('Cookie', donorA.cookie)
      .send({ ...standingInput(), days: ['su'] })
      .expect(201)
  ).body.id as string;
  const notes = await request(ctx.app)
    .get(`/api/donor/${donorA.profile.id}/getNotifs`)
    .set('Cookie', donorA.cookie);
  fixtures.notificationId = (notes.body.notifs as { id: string; packageId: string }[]).find(
    (n) => n.packageId === fixtures.pairedId,
  )!.id;
});
afterAll(() => ctx.close());

/**
 * Everything a route could write about the people in the cast: their rows, their packages (and
 * the other side's), notifications and sessions. A refused call must leave it exactly as it was.
 */
async function fingerprint(cast: People): Promise<string> {
  const ids = [...Object.values(cast).map((person) => person.user.id), fixtures.victimId];
  const list = sql.join(
    ids.map((personId) => sql`${personId}::uuid`),
    sql`, `,
  );
  const [row] = await queryRows<{ state: unknown }>(
    ctx.database.db,
    sql`select json_build_object(
      'users', (select json_agg(u order by u.id) from users u where u.id in (${list})),
      'donors', (select json_agg(d order by d.user_id) from donors d where d.user_id in (${list})),
      'distributors', (select json_agg(d order by d.user_id) from distributors d
                       where d.user_id in (${list})),
      'packages', (select json_agg(p order by p.id) from packages p
                   where p.donor_id in (${list}) or p.distributor_id in (${list})),
      'notifications', (select json_agg(n order by n.id) from notifications n
                        where n.user_id in (${list})),
      'sessions', (select json_agg(s.id_hash order by s.id_hash) from sessions s
                   where s.user_id in (${list})),
      'push', (select json_agg(s.endpoint order by s.endpoint) from push_subscriptions s
               where s.user_id in (${list})),
      -- The cast's own: other test files write reports and audit entries on the same server.
      'reports', (select json_agg(r order by r.id) from package_reports r
                  join packages p on p.id = r.package_id
                  where p.donor_id in (${list}) or p.distributor_id in (${list})
                     or r.reporter_id in (${list})),
      'messages', (select json_agg(m.read_at order by m.id) from contact_messages m),
      'audit', (select count(*) from audit_log a
                where a.actor_id in (${list}) or a.target_id in (select x::text from unnest(array[${list}]) x))
    ) as state`,
  );
  return JSON.stringify(row?.state);
}

async function perform(call: Call, cookie: string | undefined) {
  if (call.url.startsWith('/api/events')) {
    // A live stream never ends: read the status, then hang up.
    const controller = new AbortController();
    const res = await fetch(`${ctx.baseUrl}${call.url}`, {
      headers: cookie ? { Cookie: cookie } : {},
      signal: controller.signal,
    });
    const body: unknown = res.headers.get('content-type')?.includes('json')
      ? await res.json()
      : null;
    controller.abort();
    return { status: res.status, body };
  }
  let req = request(ctx.app)[call.method](call.url);
  if (cookie) req = req.set('Cookie', cookie);
  return call.body ? req.send(call.body) : req;
}

describe('authorization of every API route', () => {
  it('has a row for every route and no row for a route that is gone', () => {
    // A route declared once for both roles has a row per role.
    expect(listApiRoutes(ctx.app)).toEqual([...new Set(table.map((r) => r.route))].sort());
  });

  describe.each(table)('$route', (row) => {
    it.each(actors)('as %s', async (actor) => {
      let cast = people;
      let cookie: string | undefined;
      if (actor !== 'visitor') {
        cookie = people[actor].cookie;
        const isOwnerCell = expected(row, actor) < 300 && actor !== 'unregistered';
        if (row.freshOwner && isOwnerCell) {
          const fresh = await row.freshOwner(ctx);
          cast = { ...people, [actor]: fresh };
          cookie = fresh.cookie;
        } else if (actor === 'unregistered' || row.route === 'POST /auth/logout') {
          // These calls change the person (register, sign out): use a new session each time.
          const again = await signIn(
            ctx,
            actor === 'unregistered' ? uniqueEmail('unregistered') : people[actor].user.email,
          );
          cast = { ...people, [actor]: again };
          cookie = again.cookie;
        }
      }
      const call = await row.call(cast, actor);
      const isRefusal = expected(row, actor) >= 400;
      const before = isRefusal ? await fingerprint(cast) : '';
      const res = await perform(call, cookie);
      expect(res.status, `${row.route} as ${actor}: ${JSON.stringify(res.body)}`).toBe(
        expected(row, actor),
      );
      if (isRefusal) {
        expect(await fingerprint(cast), `${row.route} as ${actor} changed something`).toBe(before);
      }
    });
  });
});
