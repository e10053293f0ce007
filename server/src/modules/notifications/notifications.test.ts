import { NOTIFICATION_TEXT, NotificationListSchema } from '@almquest/contracts/notifications';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS_PER_SESSION, STREAMS_PER_USER } from '../../realtime/hub';
import { createLocalLiveEvents } from '../../realtime/live-events';
import { insertNotifications } from '../../db/notifications';
import {
  callsAs,
  createDistributor,
  createDonor,
  donate,
  markPackage,
  withLongRecord,
} from '../../test/factories';
import { forgetArea, testArea } from '../../test/areas';
import { signIn } from '../../test/session';
import { openEventStream } from '../../test/sse';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
/** The app's live events, to hand its streams a delivery as another process would. */
const live = createLocalLiveEvents();
beforeAll(async () => {
  ctx = await createTestApp({}, { live });
  await forgetArea(ctx.database.db, 'notifications');
});
afterAll(() => ctx.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let areaIndex = 0;
/** A patch per test (test/areas.ts), far from other tests' people. */
function area() {
  return testArea('notifications', areaIndex++);
}

async function pair() {
  const at = area();
  const donor = await createDonor(ctx, { location: at(0) });
  const distributor = await createDistributor(ctx, { location: at(2) });
  // Paired with each donation at once, however many it holds (decision 035).
  await withLongRecord(ctx, [distributor.profile.id]);
  return { at, donor, distributor };
}

describe('notification lists', () => {
  it('lists a donor’s notifications newest first with the unseen count, and marks them seen', async () => {
    const { donor } = await pair();
    await donate(ctx, donor, { quantity: 3 });
    await donate(ctx, donor, { quantity: 4 });
    const res = await request(ctx.app)
      .get(`/api/donor/${donor.profile.id}/getNotifs`)
      .set('Cookie', donor.cookie)
      .expect(200);
    const list = NotificationListSchema.parse(res.body);
    expect(list.unseen_count).toBe(2);
    expect(list.notifs.map((n) => n.message)).toEqual([
      NOTIFICATION_TEXT.pairedDonor,
      NOTIFICATION_TEXT.pairedDonor,
    ]);
    expect(Date.parse(list.notifs[0]!.timestamp)).toBeGreaterThanOrEqual(
      Date.parse(list.notifs[1]!.timestamp),
    );
    // Ids are opaque: nothing in one says how many came before it.
    for (const n of list.notifs) expect(n.id).toMatch(UUID);
    expect(list.notifs[0]).toMatchObject({ state: 'Paired', user_type: 'Donor', isSeen: false });
    // Each says which package (meals, place, when) and who the other side is.
    expect(list.notifs.map((n) => n.about?.quantity)).toEqual([4, 3]);
    expect(list.notifs[0]!.about).toMatchObject({
      address: donor.profile.location.address,
      counterpartName: expect.any(String),
    });
    expect(Date.parse(list.notifs[0]!.about!.donatedAt)).not.toBeNaN();

    const page = await request(ctx.app)
      .get(`/api/donor/${donor.profile.id}/getNotifs?limit=1`)
      .set('Cookie', donor.cookie)
      .expect(200);
    expect(page.body.notifs).toHaveLength(1);
    const next = await request(ctx.app)
      .get(`/api/donor/${donor.profile.id}/getNotifs?limit=1&cursor=${page.body.nextCursor}`)
      .set('Cookie', donor.cookie)
      .expect(200);
    expect(next.body.notifs[0].id).toBe(list.notifs[1]!.id);
    expect(next.body.nextCursor).toBeNull();
    // Someone else's notification as a cursor finds nothing, like one that does not exist.
    const stranger = await pair();
    await donate(ctx, stranger.donor);
    const theirs = await request(ctx.app)
      .get(`/api/donor/${stranger.donor.profile.id}/getNotifs`)
      .set('Cookie', stranger.donor.cookie);
    const borrowed = await request(ctx.app)
      .get(`/api/donor/${donor.profile.id}/getNotifs?cursor=${theirs.body.notifs[0].id}`)
      .set('Cookie', donor.cookie)
      .expect(200);
    expect(borrowed.body.notifs).toEqual([]);
    // Limits are plain decimals (not hexadecimal or exponents); a cursor is a notification id.
    for (const query of [
      'limit=0x10',
      'limit=1e1',
      'cursor=0x10',
      'cursor=1e3',
      'limit=51',
      'cursor=-1',
      'cursor=1',
    ]) {
      const bad = await request(ctx.app)
        .get(`/api/donor/${donor.profile.id}/getNotifs?${query}`)
        .set('Cookie', donor.cookie)
        .expect(400);
      expect(bad.body.error.fields, query).toHaveProperty(query.split('=')[0]!);
    }

    await request(ctx.app)
      .post(`/api/donor/${donor.profile.id}/notifSeen`)
      .set('Cookie', donor.cookie)
      .expect(200, { unseen_count: 0 });
    const after = await request(ctx.app)
      .get(`/api/donor/${donor.profile.id}/getNotifs`)
      .set('Cookie', donor.cookie);
    expect(after.body.unseen_count).toBe(0);
    expect(after.body.notifs.every((n: { isSeen: boolean }) => n.isSeen)).toBe(true);
  });

  it('marks one seen, and only the owner may: anyone else gets 404 and changes nothing', async () => {
    const { donor, distributor } = await pair();
    await donate(ctx, donor);
    const list = await request(ctx.app)
      .get(`/api/distributor/${distributor.profile.id}/getNotifs`)
      .set('Cookie', distributor.cookie);
    const id = list.body.notifs[0].id as string;
    expect(id).toMatch(UUID);
    const refused = await callsAs(ctx, donor).post(`/api/notifications/${id}/seen`).expect(404);
    // The same answer as for an id that does not exist: no way to tell the two apart.
    const missing = await callsAs(ctx, donor)
      .post('/api/notifications/00000000-0000-4000-8000-000000000998/seen')
      .expect(404);
    expect(refused.body).toEqual(missing.body);
    await request(ctx.app)
      .post('/api/notifications/12/seen')
      .set('Cookie', distributor.cookie)
      .expect(400);
    const still = await request(ctx.app)
      .get(`/api/distributor/${distributor.profile.id}/getNotifs`)
      .set('Cookie', distributor.cookie);
    expect(still.body.unseen_count).toBe(list.body.unseen_count);
    expect(still.body.notifs[0].isSeen).toBe(false);
    await request(ctx.app)
      .post(`/api/notifications/${id}/seen`)
      .set('Cookie', distributor.cookie)
      .expect(200, { unseen_count: 0 });
    await request(ctx.app)
      .post('/api/notifications/00000000-0000-4000-8000-000000000999/seen')
      .set('Cookie', distributor.cookie)
      .expect(404);
  });

  it('refuses someone else’s list', async () => {
    const { donor, distributor } = await pair();
    await callsAs(ctx, distributor).get(`/api/donor/${donor.profile.id}/getNotifs`).expect(403);
    await callsAs(ctx, donor).get(`/api/distributor/${donor.profile.id}/getNotifs`).expect(403);
  });
});

describe('live events (SSE)', () => {
  it('delivers each step to the right person, and only to them', async () => {
    const { at, donor, distributor } = await pair();
    const stranger = await createDonor(ctx, { location: at(100) });
    const donorStream = await openEventStream(`${ctx.baseUrl}/api/events`, donor.cookie);
    const distributorStream = await openEventStream(
      `${ctx.baseUrl}/api/events`,
      distributor.cookie,
    );
    const strangerStream = await openEventStream(`${ctx.baseUrl}/api/events`, stranger.cookie);
    expect(donorStream.status).toBe(200);
    expect(donorStream.contentType).toContain('text/event-stream');
    try {
      const pkg = await donate(ctx, donor);
      const [paired] = await donorStream.waitFor(1);
      expect(paired).toMatchObject({
        event: 'notification',
        data: { message: NOTIFICATION_TEXT.pairedDonor, pid: pkg._id, state: 'Paired' },
      });
      const [assigned] = await distributorStream.waitFor(1);
      expect(assigned?.data).toMatchObject({
        message: NOTIFICATION_TEXT.pairedDistributor,
        pid: pkg._id,
      });

      expect((await markPackage(ctx, distributor, pkg, 'Received')).status).toBe(200);
      expect((await markPackage(ctx, distributor, pkg, 'Distributed')).status).toBe(200);
      const all = await donorStream.waitFor(3);
      expect(all.map((e) => e.data.state)).toEqual(['Paired', 'Received', 'Distributed']);
      expect(all.map((e) => e.data.message)).toEqual([
        NOTIFICATION_TEXT.pairedDonor,
        NOTIFICATION_TEXT.received,
        NOTIFICATION_TEXT.distributed,
      ]);
      // Each event's id is its notification's opaque id, as the list gives it.
      const listed = await request(ctx.app)
        .get(`/api/donor/${donor.profile.id}/getNotifs`)
        .set('Cookie', donor.cookie);
      expect(all.map((e) => e.id)).toEqual(
        (listed.body.notifs as { id: string }[]).map((n) => n.id).reverse(),
      );
      expect(all.map((e) => e.data.notification.id)).toEqual(all.map((e) => e.id));

      await new Promise((r) => setTimeout(r, 200));
      expect(strangerStream.events).toEqual([]);
      expect(distributorStream.events).toHaveLength(1);
    } finally {
      await Promise.all([donorStream.close(), distributorStream.close(), strangerStream.close()]);
    }
  });

  it('replays what was missed after Last-Event-ID', async () => {
    const { donor } = await pair();
    await donate(ctx, donor, { quantity: 1 });
    const seen = await request(ctx.app)
      .get(`/api/donor/${donor.profile.id}/getNotifs`)
      .set('Cookie', donor.cookie);
    const lastSeen = seen.body.notifs[0].id as string;
    // Offline now: two more packages are paired.
    await donate(ctx, donor, { quantity: 2 });
    await donate(ctx, donor, { quantity: 3 });
    const stream = await openEventStream(`${ctx.baseUrl}/api/events`, donor.cookie, lastSeen);
    try {
      const replayed = await stream.waitFor(2);
      expect(replayed).toHaveLength(2);
      expect(replayed.map((e) => e.data.notification.about?.quantity)).toEqual([2, 3]);
      expect(replayed.map((e) => e.id)).not.toContain(lastSeen);
      // And the stream goes on live after the replay.
      await donate(ctx, donor, { quantity: 4 });
      expect(await stream.waitFor(3)).toHaveLength(3);
    } finally {
      await stream.close();
    }
  });

  it('replays one written just before the last one seen (committed after it), and more than a page', async () => {
    const { donor } = await pair();
    const write = (quantity: number) =>
      insertNotifications(ctx.database.db, [
        {
          userId: donor.profile.id,
          packageId: null,
          photo: null,
          state: 'Paired',
          userType: 'Donor',
          kind: 'pairedDonor',
          packageQuantity: quantity,
          packageAddress: 'Test',
          packageDonatedAt: new Date(),
          counterpartName: null,
        },
      ]).then((rows) => rows[0]!);
    // The earlier row's transaction committed after the later one's: the stream sent the later
    // one only, and the reconnect names it.
    const early = await write(1);
    const seen = await write(2);
    const stream = await openEventStream(`${ctx.baseUrl}/api/events`, donor.cookie, seen.publicId);
    try {
      const [replayed] = await stream.waitFor(1);
      expect(replayed?.id).toBe(early.publicId);
    } finally {
      await stream.close();
    }
    // 250 missed: every one comes back, oldest first, none twice.
    const missed = [];
    for (let i = 0; i < 250; i++) missed.push(await write(10 + i));
    const again = await openEventStream(`${ctx.baseUrl}/api/events`, donor.cookie, seen.publicId);
    try {
      const all = await again.waitFor(251, 10_000);
      expect(all.map((e) => e.id)).toEqual([early.publicId, ...missed.map((m) => m.publicId)]);
    } finally {
      await again.close();
    }
    // Named the newest: the look back reads the ones just before it (where a late commit is),
    // not the oldest of the minute.
    const last = await openEventStream(
      `${ctx.baseUrl}/api/events`,
      donor.cookie,
      missed.at(-1)!.publicId,
    );
    try {
      const back = await last.waitFor(200, 10_000);
      expect(back.at(-1)?.id).toBe(missed.at(-2)!.publicId);
    } finally {
      await last.close();
    }
  });

  it('replays nothing after an id that is not the person’s own', async () => {
    const { donor } = await pair();
    const other = await pair();
    await donate(ctx, other.donor);
    const theirs = await request(ctx.app)
      .get(`/api/donor/${other.donor.profile.id}/getNotifs`)
      .set('Cookie', other.donor.cookie);
    await donate(ctx, donor, { quantity: 2 });
    const stream = await openEventStream(
      `${ctx.baseUrl}/api/events`,
      donor.cookie,
      theirs.body.notifs[0].id as string,
    );
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(stream.events).toEqual([]);
    } finally {
      await stream.close();
    }
  });

  it('sends a live event whose transaction committed after a later one’s', async () => {
    const { donor } = await pair();
    const stream = await openEventStream(`${ctx.baseUrl}/api/events`, donor.cookie);
    try {
      await donate(ctx, donor, { quantity: 2 });
      const [first] = await stream.waitFor(1);
      // The same person's next event, delivered as if an earlier-numbered notification's
      // transaction had committed only now.
      live.hub.deliver({
        // Below every real notification's inner id (they start at 1).
        id: 0,
        publicId: '00000000-0000-4000-8000-000000000001',
        userId: donor.profile.id,
        event: first!.data,
      });
      const both = await stream.waitFor(2);
      expect(both.map((e) => e.id)).toEqual([first!.id, '00000000-0000-4000-8000-000000000001']);
    } finally {
      await stream.close();
    }
  });

  it('ends the stream when its session signs out', async () => {
    const { donor } = await pair();
    const stream = await openEventStream(`${ctx.baseUrl}/api/events`, donor.cookie);
    await request(ctx.app).post('/api/auth/logout').set('Cookie', donor.cookie).expect(204);
    for (let i = 0; i < 50 && !stream.isClosed(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(stream.isClosed()).toBe(true);
    await stream.close();
  });

  it('needs a session', async () => {
    await request(ctx.app).get('/api/events').expect(401);
  });

  it('caps the streams one session and one person may hold open, refusing the newest with 429', async () => {
    const { donor } = await pair();
    const url = `${ctx.baseUrl}/api/events`;
    const streams = [];
    for (let i = 0; i < STREAMS_PER_SESSION; i++)
      streams.push(await openEventStream(url, donor.cookie));
    expect(streams.map((s) => s.status)).toEqual(Array(STREAMS_PER_SESSION).fill(200));
    const refused = await fetch(url, { headers: { Cookie: donor.cookie } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    // Other sessions of the same person share the per-person cap.
    const others = [];
    for (let i = STREAMS_PER_SESSION; i < STREAMS_PER_USER; i++) {
      const again = await signIn(ctx, donor.user.email);
      others.push(await openEventStream(url, again.cookie));
    }
    expect(others.every((s) => s.status === 200)).toBe(true);
    const fresh = await signIn(ctx, donor.user.email);
    const overPerson = await fetch(url, { headers: { Cookie: fresh.cookie } });
    expect(overPerson.status).toBe(429);
    await overPerson.body?.cancel();
    // A closed stream makes room again.
    await streams.pop()!.close();
    await new Promise((r) => setTimeout(r, 100));
    const room = await openEventStream(url, donor.cookie);
    expect(room.status).toBe(200);
    for (const stream of [...streams, ...others, room]) await stream.close();
  });
});
