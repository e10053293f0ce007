/**
 * Signing in through the development provider over HTTP, as a browser would, without a test
 * runner: the tests (session.ts) and the city-day simulation (sim/) both sign people in so.
 */

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

/**
 * Walks /api/auth/login -> the development provider's page -> its form -> /api/auth/callback,
 * and returns the jar holding the session and the session cookie. Throws on any other turn.
 */
export async function signInWithDevProvider(
  baseUrl: string,
  email: string,
  name?: string,
): Promise<{ jar: CookieJar; cookie: string; landedOn: string }> {
  const jar = new CookieJar();
  const start = await send(jar, `${baseUrl}/api/auth/login?returnTo=/profile`);
  if (start.status !== 303) throw new Error(`sign-in did not start: ${start.status}`);
  const toPage = await follow(jar, baseUrl, start);
  const html = toPage.response.status === 200 ? await toPage.response.text() : '';
  const action = /<form method="post" action="([^"]+)">\s*<label for="email">/.exec(html)?.[1];
  if (!html.includes('Development sign-in') || !action) {
    throw new Error(`no development sign-in page (${toPage.response.status} at ${toPage.url})`);
  }
  const form = new URLSearchParams({ email, ...(name ? { name } : {}) });
  const posted = await send(jar, new URL(action, baseUrl).href, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const done = await follow(jar, baseUrl, posted);
  const session = jar.get('aq_session');
  if (!session) throw new Error(`sign-in did not set a session; ended at ${done.url}`);
  return { jar, cookie: `aq_session=${session}`, landedOn: done.url };
}
