import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDistributor,
  createDonor,
  distributorInput,
  donorInput,
  type Registered,
  uniqueEmail,
} from '../test/factories';
import { listApiRoutes } from '../test/routes';
import { signIn, type SignedIn } from '../test/session';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * Who gets what from every route of the API. A route added without a row here fails the first
 * test, so no route ships without its authorization being decided and tested.
 */
type Actor = 'visitor' | 'unregistered' | 'donorA' | 'donorB' | 'distributorX' | 'distributorY';
const actors: Actor[] = [
  'visitor',
  'unregistered',
  'donorA',
  'donorB',
  'distributorX',
  'distributorY',
];

type People = Record<Exclude<Actor, 'visitor'>, SignedIn | Registered>;
type Call = { method: 'get' | 'post' | 'patch' | 'delete'; url: string; body?: object };
type Row = {
  route: string;
  call: (people: People, actor: Actor) => Call | Promise<Call>;
  expect: Record<Actor, number>;
  /** The owner's own cell uses a fresh person, because the call changes them for good. */
  freshOwner?: (ctx: TestContext) => Promise<Registered>;
};

const all = (status: number): Record<Actor, number> =>
  Object.fromEntries(actors.map((a) => [a, status])) as Record<Actor, number>;
const signedIn = (status: number): Record<Actor, number> => ({ ...all(status), visitor: 401 });
const onlyOwner = (owner: Actor, status = 200): Record<Actor, number> => ({
  visitor: 401,
  unregistered: 403,
  donorA: 403,
  donorB: 403,
  distributorX: 403,
  distributorY: 403,
  [owner]: status,
});
const registration = (): Record<Actor, number> => ({ ...signedIn(409), unregistered: 201 });
const id = (people: People, who: 'donorA' | 'distributorX') =>
  (people[who] as Registered).profile.id;

const table: Row[] = [
  { route: 'GET /health', call: () => ({ method: 'get', url: '/api/health' }), expect: all(200) },
  { route: 'GET /config', call: () => ({ method: 'get', url: '/api/config' }), expect: all(200) },
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
    route: 'GET /donor/:id',
    call: (p) => ({ method: 'get', url: `/api/donor/${id(p, 'donorA')}` }),
    expect: onlyOwner('donorA'),
  },
  {
    route: 'GET /distributor/:id',
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
      body: { maxCapacity: 45 },
    }),
    expect: onlyOwner('distributorX'),
  },
  {
    route: 'POST /distributor/toggle/:id',
    call: (p) => ({ method: 'post', url: `/api/distributor/toggle/${id(p, 'distributorX')}` }),
    expect: onlyOwner('distributorX'),
  },
  {
    route: 'DELETE /donor/:id',
    call: (p) => ({ method: 'delete', url: `/api/donor/${id(p, 'donorA')}` }),
    expect: onlyOwner('donorA', 204),
    freshOwner: (ctx) => createDonor(ctx),
  },
  {
    route: 'DELETE /distributor/:id',
    call: (p) => ({ method: 'delete', url: `/api/distributor/${id(p, 'distributorX')}` }),
    expect: onlyOwner('distributorX', 204),
    freshOwner: (ctx) => createDistributor(ctx),
  },
];

let ctx: TestContext;
let people: People;
beforeAll(async () => {
  ctx = await createTestApp();
  people = {
    unregistered: await signIn(ctx, uniqueEmail('unregistered')),
    donorA: await createDonor(ctx),
    donorB: await createDonor(ctx),
    distributorX: await createDistributor(ctx),
    distributorY: await createDistributor(ctx),
  };
});
afterAll(() => ctx.close());

async function perform(call: Call, cookie: string | undefined) {
  let req = request(ctx.app)[call.method](call.url);
  if (cookie) req = req.set('Cookie', cookie);
  return call.body ? req.send(call.body) : req;
}

describe('authorization of every API route', () => {
  it('has a row for every route and no row for a route that is gone', () => {
    expect(listApiRoutes(ctx.app)).toEqual(table.map((r) => r.route).sort());
  });

  describe.each(table)('$route', (row) => {
    it.each(actors)('as %s', async (actor) => {
      let cast = people;
      let cookie: string | undefined;
      if (actor !== 'visitor') {
        cookie = people[actor].cookie;
        const isOwnerCell = row.expect[actor] < 300 && actor !== 'unregistered';
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
      const res = await perform(await row.call(cast, actor), cookie);
      expect(res.status, `${row.route} as ${actor}: ${JSON.stringify(res.body)}`).toBe(
        row.expect[actor],
      );
    });
  });
});
