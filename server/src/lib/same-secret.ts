import { timingSafeEqual } from 'node:crypto';

/**
 * Whether two secrets (tokens, signatures, hashes) are the same, in a time that does not tell
 * how much of them matched. Strings are compared as their UTF-8 bytes.
 */
export function isSameSecret(a: string | Buffer, b: string | Buffer): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}
