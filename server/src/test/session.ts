import type { SessionUser } from '@almquest/contracts/session';
import { expect } from 'vitest';
import type { TestContext } from './test-app';

/** A tiny cookie jar: enough to walk the sign-in redirects like a browser. */
export class CookieJar {
  private cookies = new Map<string, string>();

  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(header) || value === '')
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

/** One request with the jar's cookies; redirects are not followed. */
export async function send(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie) headers.set('Cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(response);
  return response;
}

/** Follows redirects by hand (so every Set-Cookie lands in the jar) until a non-redirect answer. */
export async function follow(
  jar: CookieJar,
  baseUrl: string,
  start: Response,
): Promise<{ response: Response; url: string }> {
  let response = start;
  let url = '';
  for (let hops = 0; hops < 15 && response.status >= 300 && response.status < 400; hops++) {
    const location = response.headers.get('location');
    if (!location) break;
    url = new URL(location, baseUrl).href;
    // Our own SPA pages end the journey: the browser would now load the app.
    if (
      !new URL(url).pathname.startsWith('/api/') &&
      !new URL(url).pathname.startsWith('/dev-idp')
    ) {
      return { response, url };
    }
    response = await send(jar, url);
  }
  return { response, url };
}

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
  const jar = new CookieJar();
  const start = await send(jar, `${ctx.baseUrl}/api/auth/login?returnTo=/profile`);
  expect(start.status).toBe(303);
  const toPage = await follow(jar, ctx.baseUrl, start);
  expect(toPage.response.status).toBe(200);
  const html = await toPage.response.text();
  expect(html).toContain('Development sign-in');
  const action = /<form method="post" action="([^"]+)">\s*<label for="email">/.exec(html)?.[1];
  expect(action).toBeTruthy();
  const form = new URLSearchParams({ email, ...(name ? { name } : {}) });
  const posted = await send(jar, new URL(action!, ctx.baseUrl).href, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const done = await follow(jar, ctx.baseUrl, posted);
  const cookie = jar.get('aq_session');
  if (!cookie) throw new Error(`sign-in did not set a session; ended at ${done.url}`);
  const me = await send(jar, `${ctx.baseUrl}/api/me`);
  expect(me.status).toBe(200);
  return {
    jar,
    cookie: `aq_session=${cookie}`,
    user: (await me.json()) as SessionUser,
    landedOn: done.url,
  };
}
