import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetArea, nextPatches } from '../../test/areas';
import {
  callsAs,
  createDistributor,
  createDonor,
  donate,
  readsIn,
  type Registered,
  withLongRecord,
} from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { localTime } from '../standing/recurrence';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await forgetArea(ctx.database.db, 'calendar');
});
afterAll(() => ctx.close());

const patches = nextPatches('calendar');

async function feedUrlOf(who: Registered): Promise<string> {
  const res = await callsAs(ctx, who).post('/api/me/calendar', {}).expect(201);
  const url = res.body.url as string;
  expect(url).toMatch(/^http:\/\/[\w.]+:\d+\/api\/calendar\/[\w-]{43}\.ics$/);
  return new URL(url).pathname;
}

/** The feed as a calendar app reads it: no cookie. */
async function feed(path: string) {
  const res = await request(ctx.app).get(path).expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/calendar/);
  return res.text;
}

/** Each VEVENT of a calendar, unfolded, as its properties. */
function events(ics: string): Record<string, string>[] {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  return unfolded
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((block) => {
      const props: Record<string, string> = {};
      for (const line of block.split('\r\n')) {
        const at = line.indexOf(':');
        if (at > 0) props[line.slice(0, at).split(';')[0]!] = line.slice(at + 1);
      }
      return props;
    });
}

describe('calendars', () => {
  it('answers a feed address with a NUL in it as any unknown one: 404, not 500', async () => {
    for (const path of ['/api/calendar/%00.ics', '/api/calendar/x%00y.ics', '/api/calendar/%00']) {
      await request(ctx.app).get(path).expect(404);
    }
  });

  it('gives each person a private feed of their pickups and standing days, revoked by a new one', async () => {
    const at = patches();
    const donor = await createDonor(ctx, { location: at() });
    const distributor = await createDistributor(ctx, { location: at(2) });
    await withLongRecord(ctx, [distributor.profile.id]);
    const pkg = await donate(ctx, donor, { quantity: 12 });
    expect(pkg.current_state).toBe('Paired');
    const soon = new Date(Date.now() + 5 * 3_600_000);
    const standing = await callsAs(ctx, donor)
      .post('/api/standing-donations', {
        days: ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'],
        readyAt: localTime(soon),
        windowHours: 2,
        quantity: 7,
        travelCapacity: 8,
        location: { ...donor.profile.location },
        diet: 'veg',
        foodKind: 'bakery',
      })
      .expect(201);
    const tomorrow = standing.body.upcoming[1].date as string;
    await callsAs(ctx, donor)
      .put(`/api/standing-donations/${standing.body.id}/days/${tomorrow}`, { skip: true })
      .expect(200);

    const path = await feedUrlOf(donor);
    const donorEvents = events(await feed(path));
    const host = new URL(ctx.config.origin).hostname;
    const own = donorEvents.find((e) => e['UID'] === `package-${pkg._id}@${host}`);
    expect(own).toMatchObject({
      SUMMARY: 'AlmQuest: hand over 12 meals',
      STATUS: 'CONFIRMED',
      URL: expect.stringMatching(new RegExp(`/transaction/${pkg._id}$`)),
    });
    // Times in UTC, so every calendar shows them in its reader's zone.
    expect(own!['DTSTART']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(own!['DESCRIPTION']).toContain(distributor.profile.name);
    const standingDays = donorEvents.filter((e) =>
      e['UID']!.startsWith(`standing-${standing.body.id}-`),
    );
    expect(standingDays.length).toBeGreaterThanOrEqual(13);
    expect(standingDays.find((e) => e['UID']!.includes(tomorrow))?.['STATUS']).toBe('CANCELLED');
    expect(standingDays[0]).toMatchObject({ SUMMARY: 'AlmQuest: hand over 7 meals' });

    // The distributor's feed: the package they took, at its meet point, in their language.
    await readsIn(ctx, distributor, 'hi');
    const theirs = events(await feed(await feedUrlOf(distributor)));
    expect(theirs.map((e) => e['UID'])).toEqual([`package-${pkg._id}@${host}`]);
    expect(theirs[0]).toMatchObject({ SUMMARY: 'AlmQuest: 12 भोजन ले जाएँ' });
    expect(theirs[0]!['LOCATION']).toBeTruthy();

    // A new address revokes the old; turned off, none works.
    const second = await feedUrlOf(donor);
    await request(ctx.app).get(path).expect(404);
    await feed(second);
    expect((await callsAs(ctx, donor).get('/api/me/calendar').expect(200)).body).toEqual({
      isOn: true,
    });
    await callsAs(ctx, donor).delete('/api/me/calendar').expect(204);
    await request(ctx.app).get(second).expect(404);
    expect((await callsAs(ctx, donor).get('/api/me/calendar').expect(200)).body).toEqual({
      isOn: false,
    });
    await request(ctx.app).get('/api/calendar/not-a-token.ics').expect(404);
  });

  it('downloads one package as .ics for its parties, and for nobody else', async () => {
    const at = patches();
    const donor = await createDonor(ctx, { location: at() });
    const pkg = await donate(ctx, donor, {
      quantity: 4,
      foodKind: 'cookedHot',
      preparedAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const res = await callsAs(ctx, donor).get(`/api/package/${pkg._id}/ics`).expect(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="almquest-${pkg._id}.ics"`,
    );
    const [event] = events(res.text);
    expect(event).toMatchObject({
      SUMMARY: 'AlmQuest: hand over 4 meals',
      DESCRIPTION: expect.stringContaining('Eat or give out by'),
    });
    const stranger = await createDonor(ctx, { location: at(3) });
    await callsAs(ctx, stranger).get(`/api/package/${pkg._id}/ics`).expect(404);
    await request(ctx.app).get(`/api/package/${pkg._id}/ics`).expect(401);
  });
});
