import type { SessionUser } from '@almquest/contracts/session';
import { expect } from 'vitest';
import { type CookieJar, send, signInWithDevProvider } from './dev-sign-in';
import type { TestContext } from './test-app';

export { CookieJar, follow, send } from './dev-sign-in';

export type SignedIn = { jar: CookieJar; cookie: string; user: SessionUser; landedOn: string };

/**
 * Signs in through the real flow, as a browser would: /api/auth/login -> the development
 * provider's page -> its form -> /api/auth/callback -> session cookie.
 */
export async function signIn(
  ctx: Pick<TestContext, 'baseUrl'>,
  email: string,
  name?: string,
): Promise<SignedIn> {
  const { jar, cookie, landedOn } = await signInWithDevProvider(ctx.baseUrl, email, name);
  const me = await send(jar, `${ctx.baseUrl}/api/me`);
  expect(me.status).toBe(200);
  return { jar, cookie, user: (await me.json()) as SessionUser, landedOn };
}
