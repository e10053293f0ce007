import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetArea, nextPatches } from '../../test/areas';
import {
  callsAs,
  createDistributor,
  createDonor,
  donate,
  markPackage,
  uniqueClientIp,
  withLongRecord,
} from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});

let ctx: TestContext;
beforeAll(async () => {
  // Every line the server writes, down to its most talkative level.
  ctx = await createTestApp({ LOG_LEVEL: 'trace' }, { logTo: sink });
  await forgetArea(ctx.database.db, 'logs');
});
afterAll(() => ctx.close());

const patches = nextPatches('logs');

describe('the server’s logs', () => {
  it('carry ids, never a person’s name, phone, e-mail or address, whatever they do', async () => {
    const at = patches();
    const mark = randomBytes(4).toString('hex');
    const name = `Lakshmi Logcheck${mark}`;
    const phone = `8${String(parseInt(mark, 16) % 1_000_000_000).padStart(9, '0')}`;
    const home = at();
    const address = `${home.address} Quiet Lane ${mark}`;
    const donor = await createDonor(ctx, { name, phone, location: { ...home, address } });
    const distributor = await createDistributor(ctx, { location: at(2) });
    await withLongRecord(ctx, [distributor.profile.id]);

    // What a person does in a week, mistakes included.
    const pkg = await donate(ctx, donor, { quantity: 6 });
    await callsAs(ctx, donor)
      .patch(`/api/donor/update/${donor.profile.id}`, { name: `${name} Jr`, phone: 'not a phone' })
      .expect(400);
    await callsAs(ctx, donor)
      .patch(`/api/donor/update/${donor.profile.id}`, { name: `${name} Jr` })
      .expect(200);
    expect((await markPackage(ctx, distributor, pkg, 'Received')).status).toBe(200);
    expect((await markPackage(ctx, distributor, pkg, 'Distributed')).status).toBe(200);
    await request(ctx.app)
      .post('/api/contact')
      .set('X-Forwarded-For', uniqueClientIp())
      .send({ name, email: donor.user.email, message: `Call ${phone}, ${address}` })
      .expect(202);
    await callsAs(ctx, donor).get('/api/me/export').expect(200);
    await callsAs(ctx, donor).post('/api/me/calendar', {}).expect(201);
    await callsAs(ctx, donor).delete(`/api/donor/${donor.profile.id}`).expect(204);

    const log = lines.join('');
    // The log was written (the test would pass on an empty one).
    expect(log).toContain(donor.profile.id);
    expect(log).toContain('account deleted');
    for (const secret of [name, mark, phone, donor.user.email, address]) {
      expect(log.includes(secret), `the logs hold "${secret}"`).toBe(false);
    }
  });
});
