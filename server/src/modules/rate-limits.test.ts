import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createSession } from './auth/sessions.service';
import { registerDonor } from './users/users.service';
import { donationInput, donorInput, type Registered, uniqueEmail } from '../test/factories';
import { CookieJar, signIn } from '../test/session';
import { createTestApp, type TestContext } from '../test/test-app';

/** The limits as configured for production (multiplier 1). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
});
afterAll(() => ctx.close());

describe('rate limits', () => {
  it('limits registration attempts from one address to 20 in 10 minutes', async () => {
    const session = await signIn(ctx, uniqueEmail('limited'));
    for (let i = 0; i < 20; i++) {
      // Invalid on purpose: the attempt counts, nothing is created.
      await request(ctx.app)
        .post('/api/donor/register')
        .set('Cookie', session.cookie)
        .send({ ...donorInput(), phone: '1' })
        .expect(400);
    }
    const res = await request(ctx.app)
      .post('/api/donor/register')
      .set('Cookie', session.cookie)
      .send(donorInput())
      .expect(429);
    expect(res.body.error.code).toBe('rate_limited');
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('limits one donor to 30 donations in 10 minutes', async () => {
    const strictDonor = await createDonorOutsideLimit();
    for (let i = 0; i < 30; i++) {
      await request(ctx.app)
        .post('/api/donor/donate')
        .set('Cookie', strictDonor.cookie)
        .send(
          donationInput(strictDonor, {
            location: { address: 'Limit point', coordinates: [31.5, 95.5] },
          }),
        )
        .expect(201);
    }
    const res = await request(ctx.app)
      .post('/api/donor/donate')
      .set('Cookie', strictDonor.cookie)
      .send(donationInput(strictDonor))
      .expect(429);
    expect(res.body.error.message).toContain('wait a few minutes');
  });
});

/** A donor made through the services, so the registration limit above does not bite. */
async function createDonorOutsideLimit(): Promise<Registered> {
  const email = uniqueEmail('limited-donor');
  const [row] = await ctx.database.db
    .insert(users)
    .values({ email, name: 'Limited Donor' })
    .returning();
  const location = { address: 'Limit point', coordinates: [31.5, 95.5] as [number, number] };
  const profile = await registerDonor(ctx.database.db, row!.id, {
    name: 'Limited Donor',
    phone: '9876543210',
    location,
    donorType: 'Individual',
    distanceRange: 5,
  });
  const token = await createSession(ctx.database.db, row!.id, 3_600_000);
  return {
    jar: new CookieJar(),
    cookie: `aq_session=${token}`,
    user: {
      id: row!.id,
      name: 'Limited Donor',
      email,
      picture: null,
      isRegistered: true,
      userType: 'donor',
    },
    landedOn: '',
    profile,
  };
}
