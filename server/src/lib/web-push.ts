import {
  createECDH,
  createCipheriv,
  createPrivateKey,
  hkdfSync,
  randomBytes,
  sign,
  type ECDH,
  type KeyObject,
} from 'node:crypto';

/**
 * The Web Push protocol, written against its RFCs (decision 013): message encryption for one
 * browser (RFC 8291, aes128gcm content coding of RFC 8188) and the VAPID JWT that tells the push
 * service who sends (RFC 8292). Node's crypto does all of it; no library.
 */

export const b64url = {
  encode: (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url'),
  decode: (text: string): Buffer => Buffer.from(text, 'base64url'),
};

/** One record holds the whole message: 4096 bytes less the tag (16) and the delimiter (1). */
const RECORD_SIZE = 4096;
export const MAX_PAYLOAD_BYTES = RECORD_SIZE - 16 - 1;

/**
 * Encrypts `plaintext` for the browser whose subscription keys are `p256dh` (its P-256 public
 * key) and `auth` (its 16-byte secret). A fresh key pair and salt each time, so no two messages
 * share a content key.
 */
export function encryptPayload(
  plaintext: Uint8Array,
  keys: { p256dh: string; auth: string },
): Buffer {
  if (plaintext.length > MAX_PAYLOAD_BYTES)
    throw new Error(`push payload is ${plaintext.length} bytes; at most ${MAX_PAYLOAD_BYTES}`);
  const uaPublic = b64url.decode(keys.p256dh);
  const authSecret = b64url.decode(keys.auth);
  const ecdh = createECDH('prime256v1');
  const asPublic = ecdh.generateKeys();
  const ecdhSecret = ecdh.computeSecret(uaPublic);
  // RFC 8291 §3.4: the input keying material binds both public keys and the auth secret.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const salt = randomBytes(16);
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  // A single, last record: the plaintext and the 0x02 delimiter, no padding.
  const body = Buffer.concat([
    cipher.update(plaintext),
    cipher.update(Buffer.of(2)),
    cipher.final(),
  ]);
  const header = Buffer.alloc(16 + 4 + 1);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, body, cipher.getAuthTag()]);
}

/** Whether a base64url string is a point on P-256 a browser could have given (65 bytes, 0x04...). */
export function isValidBrowserKey(p256dh: string): boolean {
  try {
    const raw = b64url.decode(p256dh);
    if (raw.length !== 65 || raw[0] !== 4) return false;
    // computeSecret throws for a point that is not on the curve.
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    probe.computeSecret(raw);
    return true;
  } catch {
    return false;
  }
}

/** The application server's VAPID key pair: public as the browser wants it, private for signing. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * A P-256 private scalar as exactly 32 bytes. Node gives the scalar without its leading zero bytes
 * (one key in 256 comes out 31 bytes long), and a JWK or a browser wants all 32.
 */
function fullScalar(priv: Buffer): Buffer {
  if (priv.length === 0 || priv.length > 32)
    throw new Error('the VAPID private key is not 32 bytes');
  return priv.length === 32 ? priv : Buffer.concat([Buffer.alloc(32 - priv.length), priv]);
}

/** The base64url pair of a generated key (exported for the test of a short scalar). */
export function vapidKeysOf(ecdh: ECDH): { publicKey: string; privateKey: string } {
  return {
    publicKey: b64url.encode(ecdh.getPublicKey()),
    privateKey: b64url.encode(fullScalar(ecdh.getPrivateKey())),
  };
}

/** A new P-256 key pair in the usual base64url forms (65-byte public point, 32-byte private). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return vapidKeysOf(ecdh);
}

/** The signing key from the base64url pair; throws when they are not one P-256 key pair. */
export function vapidSigningKey(keys: { publicKey: string; privateKey: string }): KeyObject {
  const pub = b64url.decode(keys.publicKey);
  if (pub.length !== 65 || pub[0] !== 4)
    throw new Error('the VAPID public key is not a P-256 point');
  // A key this server generated and stored before its scalar was padded may be 31 bytes.
  const priv = fullScalar(b64url.decode(keys.privateKey));
  const derived = createECDH('prime256v1');
  derived.setPrivateKey(priv);
  if (!derived.getPublicKey().equals(pub))
    throw new Error('the VAPID public and private keys are not one key pair');
  return createPrivateKey({ format: 'jwk', key: { ...p256Jwk(pub), d: b64url.encode(priv) } });
}

/** A P-256 point (65 bytes, 0x04 x y) as the public part of a JWK. */
export function p256Jwk(point: Buffer): { kty: 'EC'; crv: 'P-256'; x: string; y: string } {
  return {
    kty: 'EC',
    crv: 'P-256',
    x: b64url.encode(point.subarray(1, 33)),
    y: b64url.encode(point.subarray(33, 65)),
  };
}

const JWT_LIFETIME_S = 12 * 60 * 60;

/**
 * Makes `Authorization: vapid t=..., k=...` values, one JWT per push service origin, reused until
 * an hour before it expires (signing each of a thousand messages would be wasted work).
 */
export function createVapidSigner(keys: VapidKeys, now: () => number = Date.now) {
  const key = vapidSigningKey(keys);
  const cache = new Map<string, { header: string; renewAt: number }>();
  return (audience: string): string => {
    const at = now();
    const cached = cache.get(audience);
    if (cached && cached.renewAt > at) return cached.header;
    const exp = Math.floor(at / 1000) + JWT_LIFETIME_S;
    const head = b64url.encode(Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })));
    const claims = b64url.encode(
      Buffer.from(JSON.stringify({ aud: audience, exp, sub: keys.subject })),
    );
    const signature = sign('sha256', Buffer.from(`${head}.${claims}`), {
      key,
      dsaEncoding: 'ieee-p1363',
    });
    const header = `vapid t=${head}.${claims}.${b64url.encode(signature)}, k=${keys.publicKey}`;
    cache.set(audience, { header, renewAt: at + (JWT_LIFETIME_S - 3600) * 1000 });
    return header;
  };
}

/**
 * The push services of the browsers people use: Chrome and Edge on Android and desktop (Google's
 * FCM), Firefox (Mozilla autopush), Safari (Apple), and Edge/Windows (WNS). The server posts to
 * nothing else, so a subscription cannot make it call into a private network.
 */
const KNOWN_PUSH_HOSTS: { exact?: string; suffix?: string }[] = [
  { exact: 'fcm.googleapis.com' },
  { exact: 'android.googleapis.com' },
  { exact: 'updates.push.services.mozilla.com' },
  { suffix: '.push.services.mozilla.com' },
  { exact: 'web.push.apple.com' },
  { suffix: '.push.apple.com' },
  { suffix: '.notify.windows.com' },
];

/**
 * Whether the server may POST to this endpoint: https on the default port to a known push
 * service, or an origin the operator added (PUSH_EXTRA_ORIGINS, for tests and private services).
 */
export function isAllowedEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return KNOWN_PUSH_HOSTS.some((h) =>
    h.exact ? host === h.exact : host.endsWith(h.suffix!) && host.length > h.suffix!.length,
  );
}

export type PushMessage = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  payload: string;
  /** Seconds the push service keeps the message for an offline device. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces an undelivered earlier message with the same topic (32 URL-safe characters). */
  topic?: string;
};

export type PushOutcome =
  | { kind: 'sent' }
  /** The subscription is gone (404/410): delete it. */
  | { kind: 'gone'; status: number }
  /** Worth trying again later (429, 5xx, network). */
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  /** Never going to work (400, 401, 403, 413...). */
  | { kind: 'failed'; reason: string };

const SEND_TIMEOUT_MS = 10_000;

/** Retry-After in seconds or as an HTTP date, in ms from now, at most an hour; null if neither. */
export function retryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3_600_000) : null;
}

/** Sends one encrypted message; never throws. */
export async function sendPush(
  message: PushMessage,
  authorization: (audience: string) => string,
  extraOrigins: readonly string[],
): Promise<PushOutcome> {
  if (!isAllowedEndpoint(message.endpoint, extraOrigins))
    return { kind: 'failed', reason: 'endpoint is not a known push service' };
  let body: Buffer;
  try {
    body = encryptPayload(Buffer.from(message.payload), message.keys);
  } catch (error) {
    return { kind: 'failed', reason: `cannot encrypt: ${(error as Error).message}` };
  }
  const audience = new URL(message.endpoint).origin;
  let res: Response;
  try {
    res = await fetch(message.endpoint, {
      method: 'POST',
      // A push service answers; it never sends us elsewhere (a redirect is refused below).
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      headers: {
        Authorization: authorization(audience),
        'Content-Encoding': 'aes128gcm',
        'Content-Type': 'application/octet-stream',
        TTL: String(Math.max(0, Math.floor(message.ttlSeconds))),
        Urgency: message.urgency,
        ...(message.topic ? { Topic: message.topic } : {}),
      },
      body,
    });
  } catch (error) {
    return { kind: 'retry', reason: `network: ${(error as Error).message}` };
  }
  // The answer's body is not needed; read it so the connection can be reused.
  const text = await res.text().catch(() => '');
  if (res.status >= 200 && res.status < 300) return { kind: 'sent' };
  if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
  const reason = `push service answered ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
  if (res.status === 429 || res.status >= 500) {
    const retryAfterMs = retryAfter(res.headers.get('retry-after'));
    return { kind: 'retry', reason, ...(retryAfterMs ? { retryAfterMs } : {}) };
  }
  return { kind: 'failed', reason };
}
