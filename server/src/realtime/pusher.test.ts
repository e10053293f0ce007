import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NOTIFICATION_TEXT } from '@almquest/contracts/notifications';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { createDistributor, createDonor, donate } from '../test/factories';
import { testArea } from '../test/areas';
import { signIn } from '../test/session';
import { createTestApp, type TestContext } from '../test/test-app';
import { createLocalLiveEvents } from './live-events';
import { withPusher } from './pusher';

/**
 * Pusher is a hosted service; here a local HTTP server takes its place and checks each trigger
 * request the way Pusher does: the signature must verify with the app secret.
 */
type Trigger = { path: string; query: URLSearchParams; body: string; isSignatureValid: boolean };
const triggers: Trigger[] = [];
const secret = 'test-secret';
const fakePusher = createServer((req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url ?? '', 'http://pusher.local');
    const body = Buffer.concat(chunks).toString('utf8');
    const query = new URLSearchParams(url.search);
    const signature = query.get('auth_signature');
    query.delete('auth_signature');
    const sorted = [...query.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const expected = createHmac('sha256', secret)
      .update(`POST\n${url.pathname}\n${sorted}`)
      .digest('hex');
    const isBodyIntact = query.get('body_md5') === createHash('md5').update(body).digest('hex');
    triggers.push({
      path: url.pathname,
      query,
      body,
      isSignatureValid: signature === expected && isBodyIntact,
    });
    res
      .writeHead(signature === expected ? 200 : 401, { 'Content-Type': 'application/json' })
      .end('{}');
  });
});

let ctx: TestContext;
beforeAll(async () => {
  await new Promise<void>((resolve) => fakePusher.listen(0, '127.0.0.1', () => resolve()));
  const env = {
    PUSHER_APP_ID: '123',
    PUSHER_KEY: 'test-key',
    PUSHER_SECRET: secret,
    PUSHER_CLUSTER: 'ap2',
    PUSHER_API_URL: `http://127.0.0.1:${(fakePusher.address() as AddressInfo).port}`,
  };
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  ctx = await createTestApp(env, {
    live: withPusher(createLocalLiveEvents(), config.pusher!, createLogger('silent')),
  });
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => fakePusher.close(() => resolve()));
});

describe('live events through Pusher', () => {
  it('tells the browser to use Pusher, with the key and cluster but never the secret', async () => {
    const res = await request(ctx.app).get('/api/config').expect(200);
    expect(res.body.realtime).toEqual({
      transport: 'pusher',
      pusherKey: 'test-key',
      pusherCluster: 'ap2',
    });
    expect(JSON.stringify(res.body)).not.toContain(secret);
  });

  it('triggers each notification on its user’s private channel with a valid signature', async () => {
    const at = testArea('pusher');
    const donor = await createDonor(ctx, { location: at(0) });
    await createDistributor(ctx, { location: at(2) });
    const pkg = await donate(ctx, donor);
    for (let i = 0; i < 100 && triggers.length < 2; i++)
      await new Promise((r) => setTimeout(r, 20));
    const toDonor = triggers.find((t) => t.body.includes(`private-user-${donor.profile.id}`));
    expect(toDonor).toBeDefined();
    expect(toDonor!.path).toBe('/apps/123/events');
    expect(toDonor!.isSignatureValid).toBe(true);
    const body = JSON.parse(toDonor!.body) as { name: string; channels: string[]; data: string };
    expect(body.name).toBe('notification');
    expect(body.channels).toEqual([`private-user-${donor.profile.id}`]);
    expect(JSON.parse(body.data)).toMatchObject({
      pid: pkg._id,
      message: NOTIFICATION_TEXT.pairedDonor,
    });
  });

  it('authorizes a user for their own private channel only', async () => {
    const donor = await createDonor(ctx);
    const other = await createDonor(ctx);
    const own = `private-user-${donor.profile.id}`;
    const res = await request(ctx.app)
      .post('/api/realtime/auth')
      .set('Cookie', donor.cookie)
      .type('form')
      .send({ socket_id: '1234.5678', channel_name: own })
      .expect(200);
    const expected = createHmac('sha256', secret).update(`1234.5678:${own}`).digest('hex');
    expect(res.body).toEqual({ auth: `test-key:${expected}` });

    await request(ctx.app)
      .post('/api/realtime/auth')
      .set('Cookie', donor.cookie)
      .type('form')
      .send({ socket_id: '1234.5678', channel_name: `private-user-${other.profile.id}` })
      .expect(403);
    await request(ctx.app)
      .post('/api/realtime/auth')
      .set('Cookie', donor.cookie)
      .send({ socket_id: 'x', channel_name: own })
      .expect(400);
    await request(ctx.app)
      .post('/api/realtime/auth')
      .send({ socket_id: '1.2', channel_name: own })
      .expect(401);
    const newcomer = await signIn(ctx, `pusher.${Date.now()}@example.org`);
    await request(ctx.app)
      .post('/api/realtime/auth')
      .set('Cookie', newcomer.cookie)
      .send({ socket_id: '1.2', channel_name: own })
      .expect(403);
  });
});
