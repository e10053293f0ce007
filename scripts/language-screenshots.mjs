// Every page of AlmQuest in every language, at a phone's width and a laptop's, for a reader of
// each language to judge (a language is judged by reading it, not by its tests). It needs a
// running, seeded AlmQuest (npm run seed, then npm start) with the development sign-in (the
// default), and Debian's Chromium (CHROMIUM, default /usr/bin/chromium). It donates through the
// demo donor, so the demo distributor gets a package.
//
// Usage: node scripts/language-screenshots.mjs [http://localhost:8080] [folder]
// Writes <folder>/<language>/<width>/<nn>-<page>.png (folder: screenshots/languages) and lists
// them in <folder>/index.html, each language beside the others.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { donateFromPage, launchChromium } from './screenshot-tools.mjs';

const base = (process.argv[2] ?? 'http://localhost:8080').replace(/\/$/, '');
const out = path.resolve(process.argv[3] ?? 'screenshots/languages');
const LANGUAGES = [
  { code: 'en', browser: 'en-IN' },
  { code: 'hi', browser: 'hi-IN' },
  { code: 'bn', browser: 'bn-IN' },
];
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const DONOR = 'donor.demo@example.org';
const DISTRIBUTOR = 'distributor.demo@example.org';
const COORDINATOR = 'coordinator.demo@example.org';

const browser = await launchChromium();

/** Waits until the page has drawn: no loading indicator, fonts in, animations over. */
async function settle(page) {
  await page
    // The app's spinner (components/ui/spinner.tsx), whatever the language of its label.
    .locator('svg.animate-spin')
    .first()
    .waitFor({ state: 'detached', timeout: 8000 })
    .catch(() => undefined);
  await page.evaluate(() => globalThis.document.fonts.ready).catch(() => undefined);
  await page.waitForTimeout(1200);
  // Live toasts would cover what is under them.
  for (const close of await page.locator('[data-alert-type] button').all()) {
    await close.click({ timeout: 500 }).catch(() => undefined);
  }
}

/** A browser of this language and width, its choice kept as a person's would be. */
async function open(language, size) {
  const context = await browser.newContext({
    locale: language.browser,
    viewport: size,
    deviceScaleFactor: 1,
  });
  await context.addInitScript((code) => localStorage.setItem('lang', code), language.code);
  return context.newPage();
}

/** Signs in through the development provider's page: a demo account's button, or a new one. */
async function signIn(page, email, returnTo = '/profile') {
  await page.goto(`${base}/api/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  const demo = page.locator(`form:has(input[name="email"][value="${email}"]) button`);
  if (await demo.count()) {
    await demo.click();
  } else {
    await page.locator('input[name="email"]').first().fill(email);
    await page.locator('input[name="name"]').first().fill('Test Reader');
    await page.locator('form button:not(.secondary)').first().click();
  }
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/dev-idp') && !url.pathname.startsWith('/api/'),
  );
  // The account's language wins at sign-in (a shared phone keeps the last person's): the demo
  // accounts are given this run's, as a reader would pick it.
  const code = await page.evaluate(() => localStorage.getItem('lang'));
  await page.evaluate(async (locale) => {
    const res = await fetch('/api/me/locale', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ locale }),
    });
    if (!res.ok) throw new Error(`the account's language was refused: ${res.status}`);
  }, code);
  await page.reload();
}

const shots = [];
async function shoot(page, language, size, name) {
  await settle(page);
  const folder = path.join(out, language.code, String(size.width));
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  shots.push({ language: language.code, width: size.width, name, file: path.relative(out, file) });
}

try {
  for (const size of WIDTHS) {
    for (const language of LANGUAGES) {
      let n = 0;
      const named = (name) => `${String(n++).padStart(2, '0')}-${name}`;
      const visitor = await open(language, size);
      // The home page's figures count up when they come into view: give them time to.
      for (const [route, name] of [
        ['/', 'home'],
        ['/impact', 'impact'],
        ['/contact', 'contact'],
        ['/personainfo', 'persona'],
        ['/unsubscribe?token=not-a-token', 'unsubscribe-invalid'],
        ['/no-such-page', 'not-found'],
      ]) {
        await visitor.goto(`${base}${route}`);
        if (route === '/') {
          await visitor.evaluate(() =>
            globalThis.scrollTo(0, globalThis.document.body.scrollHeight),
          );
          await visitor.waitForTimeout(2500);
          await visitor.evaluate(() => globalThis.scrollTo(0, 0));
        }
        await shoot(visitor, language, size, named(name));
      }
      await visitor.goto(`${base}/api/auth/login?returnTo=/profile`);
      await shoot(visitor, language, size, named('sign-in'));
      await visitor.context().close();

      const newcomer = await open(language, size);
      await signIn(newcomer, `reader.${language.code}.${size.width}.${Date.now()}@example.org`);
      await newcomer.goto(`${base}/register`);
      await shoot(newcomer, language, size, named('register'));
      await newcomer.context().close();

      const donor = await open(language, size);
      await signIn(donor, DONOR);
      await shoot(donor, language, size, named('donor-profile'));
      const packageId = await donateFromPage(donor);
      await donor.goto(`${base}/transaction/${packageId}`);
      await shoot(donor, language, size, named('donor-package'));
      await donor.goto(`${base}/notifications`);
      await shoot(donor, language, size, named('donor-notifications'));

      const distributor = await open(language, size);
      await signIn(distributor, DISTRIBUTOR);
      await shoot(distributor, language, size, named('distributor-profile'));
      // A package of the demo distributor's own (the new one may have gone to someone nearer).
      const held = await distributor.evaluate(async () => {
        const { user } = await (await fetch('/api/session')).json();
        const { packages } = await (await fetch(`/api/distributor/${user.id}/packages`)).json();
        return packages[0]?._id ?? null;
      });
      await distributor.goto(`${base}/transaction/${held ?? packageId}`);
      await shoot(distributor, language, size, named('distributor-package'));
      await distributor.goto(`${base}/notifications`);
      await shoot(distributor, language, size, named('distributor-notifications'));
      await distributor.context().close();
      await donor.context().close();

      const coordinator = await open(language, size);
      await signIn(coordinator, COORDINATOR, '/coordinator');
      await coordinator.goto(`${base}/coordinator`);
      await settle(coordinator);
      const tabs = await coordinator.getByRole('tab').all();
      for (const [i, tab] of tabs.entries()) {
        await tab.click();
        await shoot(coordinator, language, size, named(`coordinator-tab-${i + 1}`));
      }
      await coordinator.context().close();
    }
  }
  const rows = [...new Set(shots.map((s) => `${s.width}/${s.name}`))].map((key) => {
    const cells = LANGUAGES.map((language) => {
      const shot = shots.find(
        (s) => `${s.width}/${s.name}` === key && s.language === language.code,
      );
      return `<td>${shot ? `<a href="${shot.file}"><img src="${shot.file}" loading="lazy" width="320" alt=""></a>` : ''}</td>`;
    });
    return `<tr><th>${key}</th>${cells.join('')}</tr>`;
  });
  await writeFile(
    path.join(out, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>AlmQuest in every language</title>
<table><tr><th></th>${LANGUAGES.map((l) => `<th>${l.code}</th>`).join('')}</tr>${rows.join('\n')}</table>`,
  );
  console.log(`Wrote ${shots.length} screenshots and index.html in ${out}`);
} finally {
  await browser.close();
}
