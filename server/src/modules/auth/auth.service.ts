import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';
import { authRequests, users } from '../../db/schema';
import type { LoginStart, VerifiedIdentity } from './oidc-client';

const AUTH_REQUEST_TTL_MS = 10 * 60 * 1000;

const APP_BASE = 'http://app.invalid';

/**
 * Only same-origin app paths survive (no open redirect). The path is normalised first, the way
 * the browser will read it (`/.//evil.example`, `/%2e%2e//evil.example` and `/a/..//x` all become
 * `//…`), and checked after: the result must still be on this origin, start with one slash, and
 * not be an API route. Anything else is `/`.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 500) return '/';
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (!value.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, APP_BASE);
  } catch {
    return '/';
  }
  const path = url.pathname;
  if (url.origin !== APP_BASE || !path.startsWith('/') || path.startsWith('//')) return '/';
  const lower = path.toLowerCase();
  if (lower === '/api' || lower.startsWith('/api/') || lower.startsWith('/dev-idp')) return '/';
  return `${path}${url.search}${url.hash}`;
}

/** Keeps the PKCE verifier, state and nonce server-side; the browser only holds the id. */
export async function saveAuthRequest(
  db: AppDb,
  start: LoginStart,
  returnTo: string,
): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  await db.delete(authRequests).where(lt(authRequests.expiresAt, sql`now()`));
  await db.insert(authRequests).values({
    id,
    state: start.state,
    nonce: start.nonce,
    codeVerifier: start.codeVerifier,
    returnTo,
    expiresAt: new Date(Date.now() + AUTH_REQUEST_TTL_MS),
  });
  return id;
}

/** Takes the sign-in request back, once: a replayed callback finds nothing. */
export async function takeAuthRequest(db: AppDb, id: string) {
  const [row] = await db
    .delete(authRequests)
    .where(and(eq(authRequests.id, id), gt(authRequests.expiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}

/**
 * Finds the user by e-mail (SPEC: sign-in looks the user up by e-mail), making an unregistered row
 * at the first sign-in. A name the person has since edited is kept. The picture is only ever the
 * one the provider vouches for at the latest sign-in: nobody can set a picture of their choice
 * (it loads in the other side's browser, so it would work as a tracking pixel). A sign-in keeps
 * the account from being erased as dormant (decision 043).
 */
export async function upsertSignedInUser(
  db: AppDb,
  identity: VerifiedIdentity,
): Promise<{ id: string; isSuspended: boolean }> {
  const [row] = await queryRows<{ id: string; suspended: boolean }>(
    db,
    sql`
      insert into ${users} (email, name, picture)
      values (${identity.email}, ${identity.name}, ${identity.picture})
      on conflict (lower(email)) do update
        set picture = excluded.picture, last_sign_in_at = now(), dormant_warned_at = null
      returning id, suspended_at is not null as suspended`,
  );
  if (!row) throw new Error('user upsert returned nothing');
  // A suspended person gets no session: the caller says why.
  return { id: row.id, isSuspended: row.suspended };
}
