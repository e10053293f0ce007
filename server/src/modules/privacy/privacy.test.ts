import { PRIVACY_NOTICE_VERSION } from '@almquest/contracts/privacy';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { forgetArea, nextPatches } from '../../test/areas';
import {
  callsAs,
  createDistributor,
  createDonor,
  donate,
  donorInput,
  readsIn,
  uniqueEmail,
  withLongRecord,
} from '../../test/factories';
import { signIn } from '../../test/session';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    PRIVACY_OPERATOR: 'Roti Rescue Trust',
    PRIVACY_ADDRESS: '12 Park Street, Kolkata 700016',
    GRIEVANCE_EMAIL: 'grievance@roti.example.org',
    GRIEVANCE_DAYS: '15',
    // A mail server (nobody here asks for mail): dormant accounts can be warned, so the period shows.
    SMTP_URL: 'smtp://127.0.0.1:9',
  });
  await forgetArea(ctx.database.db, 'privacy');
});
afterAll(() => ctx.close());

const patches = nextPatches('privacy');
const consent = { notice: PRIVACY_NOTICE_VERSION, isAdult: true };

const receiptsOf = (userId: string) =>
  queryRows<{ notice: string; locale: string | null; is_adult: boolean }>(
    ctx.database.db,
    sql`select notice, locale, is_adult from consent_receipts where user_id = ${userId} order by id`,
  );

describe('the privacy notice', () => {
  it('gives anyone the operator, the grievance contact, the periods and the processors', async () => {
    const res = await request(ctx.app).get('/api/privacy').expect(200);
    expect(res.body).toMatchObject({
      notice: PRIVACY_NOTICE_VERSION,
      operator: { name: 'Roti Rescue Trust', address: '12 Park Street, Kolkata 700016' },
      grievance: { email: 'grievance@roti.example.org', days: 15 },
      retention: { contactAfterFinished: 30, dormantAccount: 730, auditEntries: 1095, backups: 30 },
    });
    // Push is always on (the keys are made at the first start); this app has no WhatsApp or SMS.
    expect(res.body.processors).toEqual(expect.arrayContaining(['push', 'email']));
    expect(res.body.processors).not.toContain('whatsapp');
    expect(res.body.processors).not.toContain('sms');
    // Without a mail server nobody can be warned, so no account is erased for disuse: not said.
    const unwarned = await createTestApp();
    try {
      const plain = await request(unwarned.app).get('/api/privacy').expect(200);
      expect(plain.body.retention.dormantAccount).toBeNull();
    } finally {
      await unwarned.close();
    }
  });

  it('registers nobody who has not accepted this notice and said they are 18 or over', async () => {
    const at = patches();
    const person = await signIn(ctx, uniqueEmail('consent'));
    await readsIn(ctx, person, 'hi');
    const body = donorInput({ location: at() });
    const tries: [object, string][] = [
      [{ ...body, consent: undefined }, 'consent'],
      [{ ...body, consent: { ...consent, isAdult: false } }, 'consent.isAdult'],
      [{ ...body, consent: { ...consent, notice: '2020-01-01' } }, 'consent.notice'],
    ];
    for (const [wrong, field] of tries) {
      const res = await callsAs(ctx, person).post('/api/donor/register', wrong).expect(400);
      expect(Object.keys(res.body.error.fields)).toEqual([field]);
    }
    expect(await receiptsOf(person.user.id)).toEqual([]);

    await callsAs(ctx, person).post('/api/donor/register', body).expect(201);
    // The receipt says what they read, in which language, and that they are 18 or over.
    expect(await receiptsOf(person.user.id)).toEqual([
      { notice: PRIVACY_NOTICE_VERSION, locale: 'hi', is_adult: true },
    ]);
    const me = await callsAs(ctx, person).get('/api/me').expect(200);
    expect(me.body.privacyNotice).toBe(PRIVACY_NOTICE_VERSION);
  });

  it('asks someone registered before the notice, and keeps each acceptance', async () => {
    const at = patches();
    const donor = await createDonor(ctx, { location: at() });
    // As an account from before notices (or before this version) is.
    await ctx.database.db.execute(
      sql`update users set privacy_notice = null where id = ${donor.profile.id}`,
    );
    await ctx.database.sessions.fence();
    expect((await callsAs(ctx, donor).get('/api/me').expect(200)).body.privacyNotice).toBeNull();

    const bad = await callsAs(ctx, donor)
      .post('/api/me/consent', { consent: { notice: PRIVACY_NOTICE_VERSION } })
      .expect(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['consent.isAdult']);
    await callsAs(ctx, donor).post('/api/me/consent', { consent }).expect(204);
    expect((await callsAs(ctx, donor).get('/api/me').expect(200)).body.privacyNotice).toBe(
      PRIVACY_NOTICE_VERSION,
    );
    expect(await receiptsOf(donor.profile.id)).toHaveLength(2);
  });
});

describe('your data', () => {
  it('downloads everything held about the person, and nothing that lets anyone act as them', async () => {
    const at = patches();
    const donor = await createDonor(ctx, { location: at(), name: 'Meera Export' });
    const distributor = await createDistributor(ctx, { location: at(2), name: 'Export Seva' });
    await withLongRecord(ctx, [distributor.profile.id]);
    const pkg = await donate(ctx, donor, { quantity: 7 });
    expect(pkg.current_state).toBe('Paired');
    await callsAs(ctx, donor).post('/api/me/calendar', {}).expect(201);
    await callsAs(ctx, distributor)
      .post(`/api/package/${pkg._id}/report`, { reason: 'no_show', note: 'fewer meals' })
      .expect(201);

    const res = await callsAs(ctx, donor).get('/api/me/export').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="almquest-my-data/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.body;
    expect(data.account).toMatchObject({ name: 'Meera Export', email: donor.user.email });
    expect(data.account.has_calendar_feed).toBe(true);
    expect(data.donor).toMatchObject({ donor_type: 'Organisation' });
    expect(data.consents).toEqual([
      expect.objectContaining({ notice: PRIVACY_NOTICE_VERSION, isAdult: true }),
    ]);
    expect(data.packages.asDonor).toEqual([
      expect.objectContaining({ id: pkg._id, quantity: 7, distributor_name: 'Export Seva' }),
    ]);
    expect(data.packages.asDistributor).toEqual([]);
    expect(data.notifications.length).toBeGreaterThan(0);
    // A report about their package: what and when, not who.
    expect(data.reportsAboutYou).toEqual([
      expect.objectContaining({ packageId: pkg._id, reason: 'no_show' }),
    ]);
    expect(JSON.stringify(data.reportsAboutYou)).not.toContain(distributor.profile.id);
    expect(JSON.stringify(data.reportsAboutYou)).not.toContain('fewer meals');
    // No secret: not the calendar token's hash, the handover code, nor the distributor's home.
    const text = JSON.stringify(data);
    for (const secret of ['calendar_token_hash', 'handover_code', 'distributor_address']) {
      expect(text).not.toContain(secret);
    }

    // The distributor's own export has the package from their side, and the report they made.
    const theirs = (await callsAs(ctx, distributor).get('/api/me/export').expect(200)).body;
    expect(theirs.packages.asDistributor).toEqual([expect.objectContaining({ id: pkg._id })]);
    expect(theirs.reportsMade).toEqual([
      expect.objectContaining({ reason: 'no_show', note: 'fewer meals' }),
    ]);
    expect(JSON.stringify(theirs.packages)).not.toContain('donor_path');
  });

  it('names neither side of an offer not yet accepted, as the package page does', async () => {
    const at = patches();
    const donor = await createDonor(ctx, {
      location: at(),
      name: 'Offer Donor',
      phone: '9811100001',
    });
    const distributor = await createDistributor(ctx, {
      location: at(2),
      name: 'Offer Seva',
      phone: '9811100002',
    });
    await callsAs(ctx, distributor)
      .patch(`/api/distributor/update/${distributor.profile.id}`, { autoAccept: false })
      .expect(200);
    const pkg = await donate(ctx, donor, { quantity: 5 });
    expect(pkg.current_state).toBe('Offered');
    const theirs = JSON.stringify(
      (await callsAs(ctx, distributor).get('/api/me/export').expect(200)).body.packages,
    );
    expect(theirs).toContain(pkg._id);
    for (const secret of ['Offer Donor', '9811100001', donor.profile.id]) {
      expect(theirs).not.toContain(secret);
    }
    const donors = JSON.stringify(
      (await callsAs(ctx, donor).get('/api/me/export').expect(200)).body.packages,
    );
    for (const secret of ['Offer Seva', '9811100002', distributor.profile.id]) {
      expect(donors).not.toContain(secret);
    }
  });

  it('gives someone signed in but not registered what little is held, and a visitor nothing', async () => {
    const person = await signIn(ctx, uniqueEmail('unregistered-export'), 'Not Yet');
    const res = await callsAs(ctx, person).get('/api/me/export').expect(200);
    expect(res.body.account).toMatchObject({ name: 'Not Yet', user_type: null });
    expect(res.body.donor).toBeNull();
    await request(ctx.app).get('/api/me/export').expect(401);
  });
});
