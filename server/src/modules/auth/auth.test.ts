import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SessionUserSchema } from '@almquest/contracts/session';
import request from 'supertest';
import { isOtherLoopbackName } from '../../middleware/canonical-host';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueClientIp } from '../../test/factories';
import { CookieJar, follow, send, signIn } from '../../test/session';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`;

describe('sign-in through the development provider', () => {
  it('signs in over real HTTP and returns the session user from /api/me', async () => {
    const email = uniqueEmail('meera');
    const session = await signIn(ctx, email, 'Meera Iyer');
    const user = SessionUserSchema.parse(session.user);
    expect(user).toMatchObject({
      email,
      name: 'Meera Iyer',
      isRegistered: false,
      userType: null,
      picture: null,
    });
    // Back to where the person started, told that sign-in worked.
    expect(new URL(session.landedOn).pathname).toBe('/profile');
    expect(new URL(session.landedOn).searchParams.get('signedIn')).toBe('1');
  });

  it("holds the provider's name to the rules of a typed name", async () => {
    const cleaned = await signIn(ctx, uniqueEmail('asha'), 'Asha\u202e\u0007 Rao\u2066');
    expect(cleaned.user.name).toBe('Asha Rao');
    // Nothing visible left: the e-mail's local part stands in.
    const email = uniqueEmail('zero');
    const invisible = await signIn(ctx, email, '\u200b\u200d\u2060');
    expect(invisible.user.name).toBe(email.split('@')[0]);
  });

  it('finds the same user again by e-mail, in any letter case', async () => {
    const email = uniqueEmail('ravi');
    const first = await signIn(ctx, email);
    const second = await signIn(ctx, email.toUpperCase());
    expect(second.user.id).toBe(first.user.id);
    expect(second.cookie).not.toBe(first.cookie);
  });

  it('sets an httpOnly, SameSite=Lax session cookie', async () => {
    const jar = new CookieJar();
    const start = await send(jar, `${ctx.baseUrl}/api/auth/login`);
    const authCookie = start.headers.getSetCookie().find((c) => c.startsWith('aq_auth='));
    expect(authCookie).toMatch(/HttpOnly/i);
    expect(authCookie).toMatch(/SameSite=Lax/i);
    expect(authCookie).not.toMatch(/Secure/i); // plain http here
    await follow(jar, ctx.baseUrl, start);
  });

  it('starts a sign-in opened under another name for this server at its own address', async () => {
    // http://127.0.0.1:PORT for an app whose address is http://localhost:PORT (or the reverse):
    // the provider returns to the app's address, so the sign-in must start there.
    const other = ctx.baseUrl.includes('127.0.0.1')
      ? ctx.baseUrl.replace('127.0.0.1', 'localhost')
      : ctx.baseUrl.replace('localhost', '127.0.0.1');
    const res = await fetch(`${other}/api/auth/login?returnTo=/profile`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `${ctx.config.origin}/api/auth/login?returnTo=/profile`,
    );
    expect(res.headers.getSetCookie()).toEqual([]);
    // A proxy sending its upstream's address as Host (another port, or a public name) is served
    // here as it is: redirecting would loop.
    expect(isOtherLoopbackName('127.0.0.1:8100', 'http://localhost:8194')).toBe(false);
    expect(isOtherLoopbackName('app.internal:8080', 'https://almquest.example.org')).toBe(false);
    expect(isOtherLoopbackName('localhost:8080', 'https://almquest.example.org')).toBe(false);
    expect(isOtherLoopbackName('localhost:8080', 'http://localhost:8080')).toBe(false);
    expect(isOtherLoopbackName('[::1]:8080', 'http://localhost:8080')).toBe(true);
    expect(isOtherLoopbackName('127.0.0.2:8080', 'http://localhost:8080')).toBe(true);
    // Every page, not the sign-in only: the page's own requests must come from the app's origin.
    for (const path of ['/contact', '/transaction/abc?x=1']) {
      const page = await fetch(`${other}${path}`, { redirect: 'manual' });
      expect(page.status).toBe(303);
      expect(page.headers.get('location')).toBe(`${ctx.config.origin}${path}`);
    }
    // A form sent there is not moved (its answer is the app's own refusal, as before).
    const posted = await fetch(`${other}/api/contact`, { method: 'POST', redirect: 'manual' });
    expect(posted.status).not.toBe(303);
    // Nor is a health probe: a redirect would read as healthy to many probes.
    for (const path of ['/api/health', '/api/health/live']) {
      const probe = await fetch(`${other}${path}`, { redirect: 'manual' });
      expect(probe.status, path).toBe(200);
    }
    // Nor a scrape: answered where asked (here 404, metrics being off), never moved.
    const scrape = await fetch(`${other}/metrics`, { redirect: 'manual' });
    expect(scrape.status).not.toBe(303);
  });

  it("keeps its endpoints at the app's address whatever Host a proxy passes on", async () => {
    // nginx's usual `proxy_set_header Host $host` drops the port; a forwarded host is not ours.
    for (const headers of [
      { Host: new URL(ctx.baseUrl).hostname },
      {
        Host: 'elsewhere.example',
        'X-Forwarded-Host': 'evil.example',
        'X-Forwarded-Proto': 'https',
      },
    ]) {
      const res = await request(ctx.app)
        .get('/dev-idp/.well-known/openid-configuration')
        .set(headers)
        .expect(200);
      const body = res.body as Record<string, unknown>;
      for (const key of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri']) {
        expect(String(body[key]), key).toMatch(new RegExp(`^${ctx.config.origin}/dev-idp`));
      }
    }
  });

  it('refuses a callback with no sign-in under way', async () => {
    const res = await request(ctx.app).get('/api/auth/callback?code=abc&state=def').expect(303);
    expect(res.headers.location).toBe('/?signInError=expired');
    expect(String(res.headers['set-cookie'] ?? '')).not.toContain('aq_session=');
  });

  it('refuses a callback whose state does not match', async () => {
    const jar = new CookieJar();
    await send(jar, `${ctx.baseUrl}/api/auth/login`);
    const res = await send(jar, `${ctx.baseUrl}/api/auth/callback?code=forged&state=forged`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/signInError=/);
    expect(jar.get('aq_session')).toBeUndefined();
  });

  it('never redirects off-site after sign-in', async () => {
    const jar = new CookieJar();
    const start = await send(jar, `${ctx.baseUrl}/api/auth/login?returnTo=//evil.example/steal`);
    const page = await follow(jar, ctx.baseUrl, start);
    const html = await page.response.text();
    const abort = /href="([^"]+\/abort)"/.exec(html)?.[1];
    expect(abort).toBeTruthy();
    const cancelled = await follow(
      jar,
      ctx.baseUrl,
      await send(jar, new URL(abort!, ctx.baseUrl).href),
    );
    const landed = new URL(cancelled.url);
    expect(landed.origin).toBe(ctx.baseUrl);
    expect(landed.pathname).toBe('/');
    expect(landed.searchParams.get('signInError')).toBe('cancelled');
  });

  it.each([
    '/.//evil.example/x',
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/a/..//evil.example',
    '//evil.example/x',
    'https://evil.example/x',
  ])('lands on this site after a sign-in that started with returnTo=%s', async (returnTo) => {
    const jar = new CookieJar();
    const start = await send(
      jar,
      `${ctx.baseUrl}/api/auth/login?returnTo=${encodeURIComponent(returnTo)}`,
    );
    const page = await follow(jar, ctx.baseUrl, start);
    const html = await page.response.text();
    const abort = /href="([^"]+\/abort)"/.exec(html)?.[1];
    // Through the provider back to our callback, which answers with the return path.
    let response = await send(jar, new URL(abort!, ctx.baseUrl).href);
    let location = response.headers.get('location')!;
    for (let hops = 0; hops < 5 && /^https?:/.test(location); hops++) {
      response = await send(jar, location);
      location = response.headers.get('location')!;
    }
    expect(location).toBe('/?signInError=cancelled');
    expect(new URL(location, ctx.baseUrl).origin).toBe(ctx.baseUrl);
  });

  it('passes on only a fixed code when the provider reports an error, never its text', async () => {
    const jar = new CookieJar();
    await send(jar, `${ctx.baseUrl}/api/auth/login`);
    const res = await send(
      jar,
      `${ctx.baseUrl}/api/auth/callback?error=server_error&error_description=${encodeURIComponent('Call +91 99999 00000 now')}`,
    );
    expect(res.headers.get('location')).toBe('/?signInError=provider');
  });

  it.each([
    ['//evil.example/x', '/'],
    ['https://evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/api/auth/logout', '/'],
    ['/.//evil.example/x', '/'],
    ['/..//evil.example', '/'],
    ['/%2e%2e//evil.example', '/'],
    ['/%2E%2E//evil.example', '/'],
    ['/a/..//evil.example', '/'],
    ['/./%2e/.//evil.example', '/'],
    ['/API/auth/logout', '/'],
    ['/dev-idp/session/end', '/'],
    ['/\tevil', '/'],
    ['/profile/../transaction/1', '/transaction/1'],
    ['/transaction/abc?x=1', '/transaction/abc?x=1'],
  ])('keeps only same-site return paths: %s -> %s', async (input, expected) => {
    const { safeReturnTo } = await import('./auth.service');
    expect(safeReturnTo(input)).toBe(expected);
  });

  it('shows the provider page with the form and demo accounts', async () => {
    const jar = new CookieJar();
    const start = await send(jar, `${ctx.baseUrl}/api/auth/login`);
    const page = await follow(jar, ctx.baseUrl, start);
    const html = await page.response.text();
    expect(html).toContain('<title>Development sign-in</title>');
    expect(html).toMatch(/<label for="email">Email address<\/label>/);
    // Checked by the server, which says what is wrong in the page's language (not the browser's).
    expect(html).toMatch(/name="email" type="text" inputmode="email"[^>]*aria-required="true"/);
    expect(html).toContain('>Continue</button>');
    expect(html).toContain('Sign in as Annapurna Kitchen (demo donor)</button>');
    // The account's own name is bare: it is shown on every page, in every language.
    expect(html).toContain('name="name" value="Annapurna Kitchen">');
    expect(html).toContain('name="name" value="Meera">');
  });

  it('re-shows the provider form with a message for a bad e-mail', async () => {
    const jar = new CookieJar();
    const start = await send(jar, `${ctx.baseUrl}/api/auth/login`);
    const page = await follow(jar, ctx.baseUrl, start);
    const html = await page.response.text();
    const action = /<form method="post" action="([^"]+)">\s*<label/.exec(html)?.[1];
    const res = await send(jar, new URL(action!, ctx.baseUrl).href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=not-an-email&name=%3Cb%3EX%3C%2Fb%3E',
    });
    expect(res.status).toBe(400);
    const again = await res.text();
    expect(again).toContain('Enter a valid email address');
    expect(again).not.toContain('<b>X</b>');
  });
});

describe("the provider page in the app's language", () => {
  it('speaks Hindi or Bengali when the app asks (ui_locales), and says form errors in it', async () => {
    for (const [lang, title, label, invalid] of [
      ['hi', 'डेवलपमेंट साइन\u00a0इन', 'ईमेल पता', 'सही ईमेल पता लिखें'],
      ['bn', 'ডেভেলপমেন্ট সাইন\u00a0ইন', 'ইমেল ঠিকানা', 'সঠিক ইমেল ঠিকানা লিখুন'],
    ] as const) {
      const jar = new CookieJar();
      const start = await send(jar, `${ctx.baseUrl}/api/auth/login?returnTo=/&lang=${lang}`);
      expect(decodeURIComponent(start.headers.get('location') ?? '')).toContain(
        `ui_locales=${lang}-IN ${lang}`.replace(' ', '+'),
      );
      const page = await follow(jar, ctx.baseUrl, start);
      const html = await page.response.text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`<label for="email">${label}</label>`);
      const action = /<form method="post" action="([^"]+)">\s*<label/.exec(html)?.[1];
      const res = await send(jar, new URL(action!, ctx.baseUrl).href, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'email=not-an-email',
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(invalid);
    }
  });

  it("draws Hindi and Bengali in the app's own fonts, and names demo people in the language", async () => {
    // A client build with the self-hosted fonts (names as Vite writes them).
    const dist = await mkdtemp(path.join(tmpdir(), 'almquest-dist-'));
    await mkdir(path.join(dist, 'assets'));
    for (const file of [
      'noto-sans-devanagari-devanagari-400-normal-AbC123.woff2',
      'noto-sans-bengali-bengali-700-normal-x_Y9.woff2',
      'noto-sans-devanagari-latin-400-normal-Zz1.woff2',
    ]) {
      await writeFile(path.join(dist, 'assets', file), '');
    }
    const withFonts = await createTestApp({ CLIENT_DIST: dist });
    try {
      const jar = new CookieJar();
      const start = await send(jar, `${withFonts.baseUrl}/api/auth/login?returnTo=/&lang=hi`);
      const html = await (await follow(jar, withFonts.baseUrl, start)).response.text();
      expect(html).toContain(
        "src: url('/assets/noto-sans-devanagari-devanagari-400-normal-AbC123.woff2')",
      );
      expect(html).toContain("url('/assets/noto-sans-bengali-bengali-700-normal-x_Y9.woff2')");
      expect(html).not.toContain('latin-400');
      expect(html).toContain('>डेमो दाता: Annapurna Kitchen</button>');
      expect(html).toContain('>डेमो समन्वयक: Meera</button>');
      expect(html).not.toMatch(/demo (donor|distributor|coordinator)/);
    } finally {
      await withFonts.close();
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('ignores a language it does not speak, and anything else in lang', async () => {
    for (const lang of ['fr', 'hi%22%3E%3Cscript%3E', '']) {
      const jar = new CookieJar();
      const start = await send(jar, `${ctx.baseUrl}/api/auth/login?lang=${lang}`);
      expect(start.headers.get('location') ?? '').not.toContain('ui_locales');
      const page = await follow(jar, ctx.baseUrl, start);
      expect(await page.response.text()).toContain('<title>Development sign-in</title>');
    }
  });
});

describe('sessions', () => {
  it('answers /api/me with 401 when nobody is signed in', async () => {
    const res = await request(ctx.app).get('/api/me').expect(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('answers /api/session with 200 either way: null for a visitor, the person when signed in', async () => {
    await request(ctx.app).get('/api/session').expect(200, { user: null });
    const session = await signIn(ctx, uniqueEmail('session'));
    const res = await request(ctx.app)
      .get('/api/session')
      .set('Cookie', session.cookie)
      .expect(200);
    expect(res.body.user).toMatchObject({ email: session.user.email, isRegistered: false });
  });

  it('shows the provider again at the next sign-in after signing out, so another person can sign in', async () => {
    const first = await signIn(ctx, uniqueEmail('shared-phone'));
    // Without signing out, the provider remembers the person and sends them straight back.
    const again = await follow(
      first.jar,
      ctx.baseUrl,
      await send(first.jar, `${ctx.baseUrl}/api/auth/login`),
    );
    expect(again.url).toContain('signedIn=1');
    const out = await send(first.jar, `${ctx.baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { Origin: ctx.baseUrl },
    });
    expect(out.status).toBe(204);
    const start = await send(first.jar, `${ctx.baseUrl}/api/auth/login`);
    expect(new URL(start.headers.get('location')!).searchParams.get('prompt')).toBe('login');
    const page = await follow(first.jar, ctx.baseUrl, start);
    const html = await page.response.text();
    expect(html).toContain('<title>Development sign-in</title>');
    // Someone else signs in on the same browser, and is that person.
    const action = /<form method="post" action="([^"]+)">\s*<label/.exec(html)?.[1];
    const secondEmail = uniqueEmail('shared-phone-2');
    const posted = await send(first.jar, new URL(action!, ctx.baseUrl).href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: secondEmail }).toString(),
    });
    let landed = await follow(first.jar, ctx.baseUrl, posted);
    // The provider first ends the first person's session there with a page that submits itself
    // (a browser runs its script); the test submits it the same way.
    const endForm = await landed.response.text();
    const confirm = /<form method="post" action="([^"]+)">/.exec(endForm)?.[1];
    if (confirm) {
      const fields = new URLSearchParams(
        [...endForm.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map(
          (m) => [m[1]!, m[2]!] as [string, string],
        ),
      );
      const ended = await send(first.jar, confirm, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: fields.toString(),
      });
      landed = await follow(first.jar, ctx.baseUrl, ended);
    }
    expect(landed.url).toContain('signedIn=1');
    const me = await send(first.jar, `${ctx.baseUrl}/api/me`);
    expect(((await me.json()) as { email: string }).email).toBe(secondEmail);
    // Only the first sign-in after signing out asks again.
    const later = await send(first.jar, `${ctx.baseUrl}/api/auth/login`);
    expect(new URL(later.headers.get('location')!).searchParams.get('prompt')).toBeNull();
  });

  it('ends the session on the server at sign-out', async () => {
    const session = await signIn(ctx, uniqueEmail('logout'));
    await request(ctx.app).get('/api/me').set('Cookie', session.cookie).expect(200);
    const out = await request(ctx.app)
      .post('/api/auth/logout')
      .set('Cookie', session.cookie)
      .expect(204);
    expect(String(out.headers['set-cookie'] ?? '')).toMatch(/aq_session=;/);
    // The old cookie is dead even if a copy was kept.
    await request(ctx.app).get('/api/me').set('Cookie', session.cookie).expect(401);
  });

  it('refuses state-changing requests from another origin', async () => {
    const session = await signIn(ctx, uniqueEmail('csrf'));
    const res = await request(ctx.app)
      .post('/api/auth/logout')
      .set('Cookie', session.cookie)
      .set('Origin', 'https://evil.example')
      .expect(403);
    expect(res.body.error.code).toBe('forbidden');
    await request(ctx.app).get('/api/me').set('Cookie', session.cookie).expect(200);
    await request(ctx.app)
      .post('/api/auth/logout')
      .set('Cookie', session.cookie)
      .set('Origin', ctx.config.origin)
      .expect(204);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once sign-in is hammered', async () => {
    const strict = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1', TRUST_PROXY: '1' });
    const client = uniqueClientIp();
    try {
      for (let i = 0; i < 30; i++)
        await request(strict.app)
          .get('/api/auth/callback')
          .set('X-Forwarded-For', client)
          .expect(303);
      const res = await request(strict.app)
        .get('/api/auth/callback')
        .set('X-Forwarded-For', client)
        .expect(429);
      expect(res.body.error.code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // A browser sent there by a link or a redirect is shown the app's own words, not JSON.
      const navigated = await request(strict.app)
        .get('/api/auth/login')
        .set('X-Forwarded-For', client)
        .set('Sec-Fetch-Mode', 'navigate')
        .expect(303);
      expect(navigated.headers.location).toBe('/?signInError=rate_limited');
    } finally {
      await strict.close();
    }
  });
});

describe('errors on pages the browser navigates to', () => {
  it('sends a form sent again (Back button) to the app with a code, not raw JSON', async () => {
    const ctx = await createTestApp();
    try {
      const res = await request(ctx.app)
        .post('/dev-idp/interaction/no-such-interaction/login')
        .set('Sec-Fetch-Mode', 'navigate')
        .type('form')
        .send({ email: 'asha@example.org' })
        .expect(303);
      expect(res.headers.location).toBe('/?signInError=expired');
      // An API call from the app still gets its JSON error.
      const api = await request(ctx.app)
        .post('/dev-idp/interaction/no-such-interaction/login')
        .type('form')
        .send({ email: 'asha@example.org' });
      expect(api.status).toBeGreaterThanOrEqual(400);
    } finally {
      await ctx.close();
    }
  });
});
