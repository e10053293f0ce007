import { createECDH, createPublicKey, verify, type ECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { b64url, createVapidSigner, p256Jwk, vapidKeysOf, vapidSigningKey } from './web-push';

/** A key pair whose private scalar starts with a zero byte (Node then gives 31 bytes). */
function keyWithShortScalar(): ECDH {
  for (;;) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    if (ecdh.getPrivateKey().length < 32) return ecdh;
  }
}

/** Whether the VAPID header's JWT is signed by the key its `k=` names. */
function signatureHolds(header: string): boolean {
  const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(header) ?? [];
  const [head, claims, signature] = jwt!.split('.');
  const key = createPublicKey({ format: 'jwk', key: p256Jwk(b64url.decode(k!)) });
  return verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    b64url.decode(signature!),
  );
}

describe('VAPID keys', () => {
  it('keeps all 32 bytes of a private scalar that starts with zero, and signs with it', () => {
    const ecdh = keyWithShortScalar();
    const keys = vapidKeysOf(ecdh);
    expect(b64url.decode(keys.privateKey)).toHaveLength(32);
    expect(b64url.decode(keys.privateKey).subarray(1)).toEqual(ecdh.getPrivateKey());
    const signer = createVapidSigner({ ...keys, subject: 'mailto:ops@almquest.test' });
    expect(signatureHolds(signer('https://fcm.googleapis.com'))).toBe(true);
  });

  it('still signs with a short scalar stored before it was padded', () => {
    const ecdh = keyWithShortScalar();
    const stored = {
      publicKey: b64url.encode(ecdh.getPublicKey()),
      privateKey: b64url.encode(ecdh.getPrivateKey()),
    };
    expect(() => vapidSigningKey(stored)).not.toThrow();
    const signer = createVapidSigner({ ...stored, subject: 'mailto:ops@almquest.test' });
    expect(signatureHolds(signer('https://updates.push.services.mozilla.com'))).toBe(true);
  });

  it('refuses a private key longer than 32 bytes or empty', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const publicKey = b64url.encode(ecdh.getPublicKey());
    const long = b64url.encode(Buffer.concat([Buffer.from([1]), ecdh.getPrivateKey()]));
    expect(() => vapidSigningKey({ publicKey, privateKey: long })).toThrow(/32 bytes/);
    expect(() => vapidSigningKey({ publicKey, privateKey: '' })).toThrow(/32 bytes/);
  });
});
