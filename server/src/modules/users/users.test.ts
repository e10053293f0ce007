import { ProfileResponseSchema } from '@almquest/contracts/users';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDistributor,
  createDonor,
  distributorInput,
  donorInput,
  uniqueEmail,
} from '../../test/factories';
import { signIn } from '../../test/session';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('registration', () => {
  it('registers a donor with the session e-mail and a normalised phone', async () => {
    const session = await signIn(ctx, uniqueEmail('donor'), 'Asha');
    const res = await request(ctx.app)
      .post('/api/donor/register')
      .set('Cookie', session.cookie)
      .send(donorInput({ phone: '+91 98765-43210', email: session.user.email }))
      .expect(201);
    const { data } = ProfileResponseSchema.parse(res.body);
    expect(data).toMatchObject({
      userType: 'donor',
      email: session.user.email,
      phone: '9876543210',
      donorType: 'Organisation',
      distanceRange: 8,
      lifetimeDonation: 0,
      location: {
        address: 'Connaught Place, Central Delhi, Delhi 110001',
        coordinates: [28.6431, 77.2197],
      },
    });
    const me = await request(ctx.app).get('/api/me').set('Cookie', session.cookie).expect(200);
    expect(me.body).toMatchObject({
      isRegistered: true,
      userType: 'donor',
      name: 'Asha Restaurant',
    });
  });

  it('registers a distributor, active, with capacity', async () => {
    const distributor = await createDistributor(ctx);
    expect(distributor.profile).toMatchObject({
      userType: 'distributor',
      isActive: true,
      maxCapacity: 45,
      distanceRange: 15,
      totalPackagesDistributed: 0,
      phone: '9123456789',
    });
  });

  it('defaults the donor category to Individual', async () => {
    const session = await signIn(ctx, uniqueEmail('donor'));
    const input = donorInput();
    delete (input as { donorType?: string }).donorType;
    const res = await request(ctx.app)
      .post('/api/donor/register')
      .set('Cookie', session.cookie)
      .send(input)
      .expect(201);
    expect(res.body.data.donorType).toBe('Individual');
  });

  it('allows one account per e-mail, as either type', async () => {
    const donor = await createDonor(ctx);
    const again = await request(ctx.app)
      .post('/api/distributor/register')
      .set('Cookie', donor.cookie)
      .send(distributorInput())
      .expect(409);
    expect(again.body.error.message).toBe('You are already registered as a donor.');
    expect(again.body.error).toMatchObject({ key: 'alreadyRegistered', params: { role: 'donor' } });
    await request(ctx.app)
      .post('/api/donor/register')
      .set('Cookie', donor.cookie)
      .send(donorInput())
      .expect(409);
  });

  it('refuses another person’s e-mail in the body', async () => {
    const session = await signIn(ctx, uniqueEmail('donor'));
    const res = await request(ctx.app)
      .post('/api/donor/register')
      .set('Cookie', session.cookie)
      .send(donorInput({ email: 'someone.else@example.org' }))
      .expect(403);
    expect(res.body.error.message).toContain('email address you signed in with');
  });

  it('needs a session', async () => {
    await request(ctx.app).post('/api/donor/register').send(donorInput()).expect(401);
  });

  it.each([
    ['phone', { phone: '12345' }, 'Enter a 10-digit Indian mobile number'],
    ['phone', { phone: '5876543210' }, 'Enter a 10-digit Indian mobile number'],
    ['distanceRange', { distanceRange: -1 }, 'Distance range must be at least 0'],
    ['distanceRange', { distanceRange: 501 }, 'Distance range must be at most 500'],
    ['distanceRange', { distanceRange: 'far' }, 'Distance range must be a number'],
    ['name', { name: '   ' }, 'Enter your name'],
    [
      'location.coordinates',
      { location: { address: 'London', coordinates: [51.5, -0.12] } },
      'Pick a place in India',
    ],
    ['location', { location: undefined }, 'Pick a place from the list'],
    ['donorType', { donorType: 'Robot' }, 'Choose Individual, Organisation or Food Chain'],
  ])('answers a bad %s with 400 naming the field', async (field, override, message) => {
    const session = await signIn(ctx, uniqueEmail('donor'));
    const res = await request(ctx.app)
      .post('/api/donor/register')
      .set('Cookie', session.cookie)
      .send({ ...donorInput(), ...override })
      .expect(400);
    expect(res.body.error.code).toBe('validation_failed');
    const fields = res.body.error.fields as Record<string, string>;
    const key = Object.keys(fields).find((k) => k.startsWith(field));
    expect(key, JSON.stringify(fields)).toBeTruthy();
    expect(fields[key!]).toContain(message);
    // Nothing was saved: still unregistered.
    const me = await request(ctx.app).get('/api/me').set('Cookie', session.cookie);
    expect(me.body.isRegistered).toBe(false);
  });

  it.each([
    [0, 'at least 1'],
    [100_001, 'at most 1,00,000'],
    [2.5, 'whole number'],
  ])('refuses a distributor capacity of %s', async (maxCapacity, message) => {
    const session = await signIn(ctx, uniqueEmail('distributor'));
    const res = await request(ctx.app)
      .post('/api/distributor/register')
      .set('Cookie', session.cookie)
      .send(distributorInput({ maxCapacity }))
      .expect(400);
    expect(res.body.error.fields.maxCapacity).toContain(message);
  });
});

describe('profile', () => {
  it('shows donors their own profile in data.data', async () => {
    const donor = await createDonor(ctx);
    const res = await request(ctx.app)
      .get(`/api/donor/${donor.profile.id}`)
      .set('Cookie', donor.cookie)
      .expect(200);
    expect(ProfileResponseSchema.parse(res.body).data.id).toBe(donor.profile.id);
  });

  it('refuses someone else’s profile', async () => {
    const a = await createDonor(ctx);
    const b = await createDonor(ctx);
    await request(ctx.app).get(`/api/donor/${b.profile.id}`).set('Cookie', a.cookie).expect(403);
    await request(ctx.app)
      .patch(`/api/donor/update/${b.profile.id}`)
      .set('Cookie', a.cookie)
      .send({ name: 'Hacked' })
      .expect(403);
  });

  it('updates the fields a donor may change', async () => {
    const donor = await createDonor(ctx);
    const res = await request(ctx.app)
      .patch(`/api/donor/update/${donor.profile.id}`)
      .set('Cookie', donor.cookie)
      .send({
        name: 'Asha Foods',
        phone: '09988776655',
        donorType: 'Food Chain',
        distanceRange: '12',
      })
      .expect(200);
    expect(res.body.data).toMatchObject({
      name: 'Asha Foods',
      phone: '9988776655',
      donorType: 'Food Chain',
      distanceRange: 12,
    });
    const again = await request(ctx.app)
      .get(`/api/donor/${donor.profile.id}`)
      .set('Cookie', donor.cookie);
    expect(again.body.data.name).toBe('Asha Foods');
  });

  it.each([['email'], ['lifetimeDonation'], ['id'], ['userType']])(
    'refuses a change to %s',
    async (field) => {
      const donor = await createDonor(ctx);
      const res = await request(ctx.app)
        .patch(`/api/donor/update/${donor.profile.id}`)
        .set('Cookie', donor.cookie)
        .send({ [field]: field === 'lifetimeDonation' ? 1000 : 'x@example.org' })
        .expect(400);
      expect(res.body.error.fields[field]).toBe('This field cannot be set here');
      const again = await request(ctx.app)
        .get(`/api/donor/${donor.profile.id}`)
        .set('Cookie', donor.cookie);
      expect(again.body.data.email).toBe(donor.user.email);
      expect(again.body.data.lifetimeDonation).toBe(0);
    },
  );

  it('updates a distributor and refuses donor routes', async () => {
    const distributor = await createDistributor(ctx);
    const res = await request(ctx.app)
      .patch(`/api/distributor/update/${distributor.profile.id}`)
      .set('Cookie', distributor.cookie)
      .send({ maxCapacity: 60, distanceRange: 20 })
      .expect(200);
    expect(res.body.data).toMatchObject({ maxCapacity: 60, distanceRange: 20 });
    await request(ctx.app)
      .get(`/api/donor/${distributor.profile.id}`)
      .set('Cookie', distributor.cookie)
      .expect(403);
  });

  it('toggles distributor activity and reports the new state', async () => {
    const distributor = await createDistributor(ctx);
    const off = await request(ctx.app)
      .post(`/api/distributor/toggle/${distributor.profile.id}`)
      .set('Cookie', distributor.cookie)
      .expect(200);
    expect(off.body).toEqual({ isActive: false });
    const on = await request(ctx.app)
      .post(`/api/distributor/toggle/${distributor.profile.id}`)
      .set('Cookie', distributor.cookie)
      .expect(200);
    expect(on.body).toEqual({ isActive: true });
  });

  it('registers a person whose stale donor or distributor row was left behind (never a 500)', async () => {
    const session = await signIn(ctx, uniqueEmail('stale'));
    // As an older seed left it: a role row for someone who never registered.
    await ctx.database.db.execute(
      sql`insert into donors (user_id, donor_type, distance_range) values (${session.user.id}, 'Individual', 3)`,
    );
    const res = await request(ctx.app)
      .post('/api/distributor/register')
      .set('Cookie', session.cookie)
      .send(distributorInput())
      .expect(201);
    expect(res.body.data.userType).toBe('distributor');
    const again = await request(ctx.app)
      .post('/api/donor/register')
      .set('Cookie', session.cookie)
      .send(donorInput())
      .expect(409);
    expect(again.body.error.message).toContain('already registered');
  });

  it('takes the picture only from the sign-in provider, never from the registration body', async () => {
    const session = await signIn(ctx, uniqueEmail('pixel'));
    const tracker = 'https://tracker.example/pixel.gif?who=you';
    const res = await request(ctx.app)
      .post('/api/donor/register')
      .set('Cookie', session.cookie)
      .send({ ...donorInput(), picture: tracker })
      .expect(201);
    // The development provider vouches for no picture, so there is none.
    expect(res.body.data.picture).toBeNull();
    const me = await request(ctx.app).get('/api/me').set('Cookie', session.cookie).expect(200);
    expect(me.body.picture).toBeNull();
    await request(ctx.app)
      .patch(`/api/donor/update/${res.body.data.id}`)
      .set('Cookie', session.cookie)
      .send({ picture: tracker })
      .expect(400);
  });

  it('rewrites Google pictures to the 256-pixel cropped size', async () => {
    const { presentPicture } = await import('./users.presenter');
    expect(presentPicture('https://lh3.googleusercontent.com/a/abc=s96-c')).toBe(
      'https://lh3.googleusercontent.com/a/abc=s256-c',
    );
    expect(presentPicture('https://lh3.googleusercontent.com/a/abc')).toBe(
      'https://lh3.googleusercontent.com/a/abc=s256-c',
    );
    expect(presentPicture('https://example.org/me.png')).toBe('https://example.org/me.png');
    expect(presentPicture(null)).toBeNull();
  });
});

describe('the language kept on the account', () => {
  it('is null until chosen, then kept and shown with the session, for each person alone', async () => {
    const asha = await signIn(ctx, uniqueEmail('lang'), 'Asha');
    const ravi = await signIn(ctx, uniqueEmail('lang'), 'Ravi');
    const before = await request(ctx.app).get('/api/session').set('Cookie', asha.cookie);
    expect(before.body.user.locale).toBeNull();

    await request(ctx.app)
      .put('/api/me/locale')
      .set('Cookie', asha.cookie)
      .send({ locale: 'hi' })
      .expect(204);
    const after = await request(ctx.app).get('/api/session').set('Cookie', asha.cookie);
    expect(after.body.user.locale).toBe('hi');
    const other = await request(ctx.app).get('/api/me').set('Cookie', ravi.cookie).expect(200);
    expect(other.body.locale).toBeNull();

    await request(ctx.app)
      .put('/api/me/locale')
      .set('Cookie', asha.cookie)
      .send({ locale: 'bn' })
      .expect(204);
    const changed = await request(ctx.app).get('/api/me').set('Cookie', asha.cookie);
    expect(changed.body.locale).toBe('bn');
  });

  it('refuses a language AlmQuest does not speak, extra fields, and visitors', async () => {
    const session = await signIn(ctx, uniqueEmail('lang'), 'Meera');
    for (const body of [{ locale: 'fr' }, { locale: 'HI' }, {}, { locale: 'hi', userId: 'x' }]) {
      const res = await request(ctx.app)
        .put('/api/me/locale')
        .set('Cookie', session.cookie)
        .send(body)
        .expect(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(Object.keys(res.body.error.fields).join()).toMatch(/locale|userId/);
    }
    await request(ctx.app).put('/api/me/locale').send({ locale: 'hi' }).expect(401);
    const me = await request(ctx.app).get('/api/me').set('Cookie', session.cookie);
    expect(me.body.locale).toBeNull();
  });
});

describe('checkExist', () => {
  it('answers for the signed-in user’s own e-mail only', async () => {
    const donor = await createDonor(ctx);
    const own = await request(ctx.app)
      .post('/api/checkExist')
      .set('Cookie', donor.cookie)
      .send({ email: donor.user.email.toUpperCase() })
      .expect(200);
    expect(own.body).toMatchObject({
      isRegistered: true,
      id: donor.profile.id,
      userType: 'donor',
      name: 'Asha Restaurant',
      // An organisation is greeted by its whole name; a person donating by their first.
      greetingName: 'Asha Restaurant',
    });
    const person = await createDonor(ctx, { name: 'Priya Sharma', donorType: 'Individual' });
    const personal = await request(ctx.app)
      .post('/api/checkExist')
      .set('Cookie', person.cookie)
      .send({ email: person.user.email })
      .expect(200);
    expect(personal.body.greetingName).toBe('Priya');
    const other = await createDonor(ctx);
    await request(ctx.app)
      .post('/api/checkExist')
      .set('Cookie', donor.cookie)
      .send({ email: other.user.email })
      .expect(403);
  });

  it('says an unregistered user is not registered', async () => {
    const session = await signIn(ctx, uniqueEmail('new'));
    const res = await request(ctx.app)
      .post('/api/checkExist')
      .set('Cookie', session.cookie)
      .send({ email: session.user.email })
      .expect(200);
    expect(res.body).toEqual({ isRegistered: false });
  });
});

describe('deleting a profile', () => {
  it('deletes the account, signs out, and frees the e-mail', async () => {
    const donor = await createDonor(ctx);
    await request(ctx.app)
      .delete(`/api/donor/${donor.profile.id}`)
      .set('Cookie', donor.cookie)
      .expect(204);
    await request(ctx.app).get('/api/me').set('Cookie', donor.cookie).expect(401);
    const again = await signIn(ctx, donor.user.email);
    expect(again.user.isRegistered).toBe(false);
    expect(again.user.id).not.toBe(donor.profile.id);
  });

  it('refuses to delete someone else', async () => {
    const a = await createDistributor(ctx);
    const b = await createDistributor(ctx);
    await request(ctx.app)
      .delete(`/api/distributor/${b.profile.id}`)
      .set('Cookie', a.cookie)
      .expect(403);
    await request(ctx.app)
      .get(`/api/distributor/${b.profile.id}`)
      .set('Cookie', b.cookie)
      .expect(200);
  });
});
