import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

export type ReceivedPush = {
  device: string;
  /** The decrypted message, parsed. */
  message: { title: string; body: string; url: string; kind: string; packageId: string | null };
  headers: IncomingMessage['headers'];
  /** The VAPID JWT's claims, after its signature was checked. */
  claims: { aud: string; exp: number; sub: string };
  receivedAt: number;
};

/** A browser's side of a subscription: its key pair and auth secret, as PushManager makes them. */
export type TestDevice = {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
};

/**
 * A push service on a free local port that speaks the real protocol: it takes the POST, checks the
 * VAPID JWT's ES256 signature against the key in the header, the audience and expiry, and decrypts
 * the aes128gcm body (RFC 8291) with the device's private key using http_ece, an implementation
 * independent of ours. `answer` sets what a device's endpoint says (410 = unsubscribed).
 */
export async function startPushEndpoint(port = 0) {
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  const received: ReceivedPush[] = [];
  const rejected: { device: string; reason: string }[] = [];
  const answers = new Map<string, number>();
  const waiters: (() => void)[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const device = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
      const reject = (reason: string, status = 400) => {
        rejected.push({ device, reason });
        res.writeHead(status).end(reason);
        waiters.splice(0).forEach((w) => w());
      };
      const keys = devices.get(device);
      if (req.method !== 'POST' || !keys) return reject('no such subscription', 404);
      const status = answers.get(device);
      if (status) {
        res.writeHead(status).end();
        rejected.push({ device, reason: `answered ${status}` });
        waiters.splice(0).forEach((w) => w());
        return;
      }
      let claims: ReceivedPush['claims'];
      try {
        claims = checkVapid(req.headers.authorization ?? '', origin);
      } catch (error) {
        return reject(`vapid: ${(error as Error).message}`, 401);
      }
      if (req.headers['content-encoding'] !== 'aes128gcm') return reject('not aes128gcm');
      if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) return reject('no TTL');
      let message: ReceivedPush['message'];
      try {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: keys.ecdh,
          authSecret: keys.auth,
        });
        message = JSON.parse(plain.toString('utf8')) as ReceivedPush['message'];
      } catch (error) {
        return reject(`decrypt: ${(error as Error).message}`);
      }
      received.push({ device, message, headers: req.headers, claims, receivedAt: Date.now() });
      res.writeHead(201).end();
      waiters.splice(0).forEach((w) => w());
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    rejected,
    /** A new browser subscription on this service. */
    device(): TestDevice {
      const id = randomBytes(9).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      devices.set(id, { ecdh, auth });
      return {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        },
      };
    },
    /** Makes a device's endpoint answer with this status from now on (410: it unsubscribed). */
    answer(deviceId: string, status: number) {
      answers.set(deviceId, status);
    },
    /** Resolves once `count` pushes have arrived (or been refused), or rejects after `ms`. */
    async waitFor(check: () => boolean, ms = 10_000): Promise<void> {
      const until = Date.now() + ms;
      while (!check()) {
        if (Date.now() > until) throw new Error('push endpoint: timed out waiting');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Checks `vapid t=<jwt>, k=<key>`: ES256 signature by k, audience, expiry within 24 h, subject. */
function checkVapid(header: string, origin: string): ReceivedPush['claims'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  if (!match) throw new Error(`bad Authorization: ${header.slice(0, 40)}`);
  const [head = '', body = '', signature = ''] = match[1]!.split('.');
  const raw = Buffer.from(match[2]!, 'base64url');
  const key = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
  });
  const isValid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isValid) throw new Error('signature does not verify');
  const jwtHeader = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (jwtHeader.alg !== 'ES256') throw new Error('alg is not ES256');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error('exp out of range');
  if (!/^(?:mailto:|https:)/.test(claims.sub)) throw new Error('sub is not mailto: or https:');
  return claims;
}
