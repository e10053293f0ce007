import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

let counter = 0;
/** A fresh e-mail per person a journey makes (the database lives for the whole run). */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}.${Date.now()}.${counter}@example.org`;
}

/**
 * Whether journeys save screenshots: for people to look at, so not in CI (a clean clone throws
 * them away) unless E2E_SCREENSHOTS=1 asks.
 */
const takesScreenshots = process.env.E2E_SCREENSHOTS
  ? process.env.E2E_SCREENSHOTS === '1'
  : !process.env.CI;

/**
 * Screenshots at desktop (1280 px) and phone (390 px) widths, under e2e/artifacts/. They assert
 * nothing: what a layout must do is checked by the journeys (phone-layout.spec.ts).
 */
export async function snap(page: Page, name: string): Promise<void> {
  if (!takesScreenshots) return;
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Web fonts (the Devanagari and Bengali faces) swap in once loaded: wait for them.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: path.join(artifacts, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

/** Devanagari or Bengali letters (the danda and the digits included). */
const INDIC = /[\u0900-\u09FF]/gu;

/**
 * Every Devanagari and Bengali letter on the page is drawn by one of the app's own faces: this
 * machine has no such font, so a letter any other face drew would be an empty box. For each
 * element with such letters in its own text, the letters alone are set in the element's font
 * (family, weight, style, language) in a probe, and Chromium says which fonts drew the probe
 * (DevTools protocol): only the app's faces may have drawn any of it.
 */
export async function expectRealLetters(page: Page): Promise<void> {
  // The faces swap in once loaded (font-display: swap): probe what is drawn once they are.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const count = await page.evaluate((source) => {
    const indic = new RegExp(source, 'gu');
    const probes = document.createElement('div');
    probes.id = 'letter-probes';
    probes.setAttribute('aria-hidden', 'true');
    probes.style.cssText = 'position:fixed;top:0;left:0;opacity:0;pointer-events:none';
    const seen = new Set<string>();
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const own = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('');
      const letters = (own.match(indic) ?? []).join('');
      if (!letters || element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      const lang = element.closest('[lang]')?.getAttribute('lang') ?? '';
      const key = [letters, style.fontFamily, style.fontWeight, style.fontStyle, lang].join('|');
      if (seen.has(key)) continue;
      seen.add(key);
      const probe = document.createElement('span');
      probe.textContent = letters;
      probe.lang = lang;
      probe.style.fontFamily = style.fontFamily;
      probe.style.fontWeight = style.fontWeight;
      probe.style.fontStyle = style.fontStyle;
      probe.setAttribute('data-letters', own.trim().slice(0, 40));
      probes.append(probe);
    }
    document.body.append(probes);
    return seen.size;
  }, INDIC.source);
  const cdp = await page.context().newCDPSession(page);
  try {
    if (count === 0) return;
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: '#letter-probes > [data-letters]',
    });
    const boxes: string[] = [];
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      const other = fonts.filter((f) => !f.isCustomFont);
      if (fonts.length === 0 || other.length > 0) {
        const { attributes } = await cdp.send('DOM.getAttributes', { nodeId });
        const text = attributes[attributes.indexOf('data-letters') + 1] ?? '';
        boxes.push(`"${text}": ${other.map((f) => `${f.familyName} ×${f.glyphCount}`).join(', ')}`);
      }
    }
    expect(boxes, 'letters drawn by none of the app’s faces (empty boxes)').toEqual([]);
  } finally {
    await cdp.detach();
    await page.evaluate(() => document.getElementById('letter-probes')?.remove());
  }
}

/**
 * axe-core finds no serious or critical accessibility problem on the page as it is now, in the
 * light theme and in the dark one (the other theme is switched on for the check and back off,
 * as the theme menu would). Motion is reduced and running animations allowed to end first: a
 * toast caught half-faded in would fail the contrast check for a frame that nobody reads.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // A page in a background tab does not run its animations: bring it forward first.
  await page.bringToFront();
  await expectRealLetters(page);
  const isDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  // Switching the theme starts colour transitions; the check reads the colours they end at.
  const still = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  try {
    await expectAccessibleNow(page, isDark ? 'dark' : 'light');
    await page.evaluate(() => document.documentElement.classList.toggle('dark'));
    await expectAccessibleNow(page, isDark ? 'light' : 'dark');
  } finally {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), isDark);
    await still.evaluate((tag) => (tag as Element).remove());
  }
}

async function expectAccessibleNow(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() => {
    const ending = document
      .getAnimations()
      // Spinners turn for ever, and a paused animation never ends: wait only for what runs and ends.
      .filter(
        (a) =>
          a.playState === 'running' &&
          Number.isFinite(Number(a.effect?.getComputedTiming().endTime)),
      )
      .map((a) => a.finished.catch(() => undefined));
    // A theme switch starts colour transitions everywhere: none should take a second.
    return Promise.race([
      Promise.all(ending),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]).then(() => undefined);
  });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious, `${theme} theme:\n${serious.join('\n')}`).toEqual([]);
}

/** Waits for the full-screen page-change animation to finish. */
export async function waitForPage(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: 'Loading', exact: true })).toHaveCount(0, {
    timeout: 5000,
  });
}

/** A toast alert with this title is showing. */
export async function expectAlert(page: Page, title: string | RegExp, text?: string | RegExp) {
  // Both in one filter: an older toast with the same title may still be on its way out.
  let toast = page.locator('[data-alert-type]').filter({ hasText: title });
  if (text) toast = toast.filter({ hasText: text });
  await expect(toast.first()).toBeVisible();
  return toast.first();
}

/** Signs in through the Sign In button and the development provider's page, as a person would. */
export async function signIn(page: Page, email: string, name?: string): Promise<void> {
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveTitle('Development sign-in');
  await page.getByLabel('Email address').fill(email);
  if (name) await page.getByLabel(/^Name/).fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/dev-idp') && !url.pathname.startsWith('/api/'),
  );
}

/** Picks a place from the location autocomplete by typing part of its name. */
export async function pickPlace(
  page: Page,
  typed: string,
  option: string | RegExp,
  label = 'Location',
) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

export type RegisterInput = {
  userType: 'Donor' | 'Distributor';
  phone: string;
  place: [typed: string, option: string | RegExp];
  distanceRange: string;
  maxCapacity?: string;
};

/** Fills and submits /register, then waits for the success alert. */
export async function register(page: Page, input: RegisterInput): Promise<void> {
  await page.getByRole('radio', { name: input.userType }).click();
  await page.getByLabel('Phone number').fill(input.phone);
  await pickPlace(page, ...input.place);
  await page.getByLabel('Distance range (km)').fill(input.distanceRange);
  if (input.maxCapacity) await page.getByLabel('Maximum capacity').fill(input.maxCapacity);
  await page
    .getByRole('checkbox', { name: 'I have read the privacy notice and agree to it' })
    .check();
  await page.getByRole('checkbox', { name: 'I am 18 or over' }).check();
  await page.getByRole('button', { name: `Register as ${input.userType}` }).click();
  await expectAlert(page, `Successfully registered as a ${input.userType}!`);
}

/** A new person in their own browser, signed in and registered as `register_` says. */
export async function newPerson(
  browser: Browser,
  name: string,
  register_: RegisterInput,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/');
  await waitForPage(page);
  await signIn(page, uniqueEmail(name.split(' ')[0]!.toLowerCase()), name);
  await expect(page).toHaveURL(/\/register$/);
  await register(page, register_);
  return page;
}

/** Opens one's own profile from the account menu. */
export async function openProfile(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'View Profile' }).click();
  await expect(page.getByText(/AlmQuest verified/)).toBeVisible();
}

/** Opens the profile's donate form and fills it (picked up within 2 hours); not yet sent. */
export async function openDonateForm(
  page: Page,
  quantity: string,
  { food = 'Vegetarian' }: { food?: string } = {},
) {
  await openProfile(page);
  await page.getByRole('button', { name: 'Donate a Package' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a package' });
  await dialog.getByLabel('Quantity').fill(quantity);
  await dialog.getByLabel('Pick up by').selectOption({ label: 'In 2 hours' });
  await dialog.getByLabel('Food', { exact: true }).selectOption({ label: food });
  await dialog.getByLabel('Kind of food').selectOption({ label: 'Cooked, kept hot' });
  return dialog;
}

/** Donates a package from the profile's form (picked up within 2 hours) and opens its page. */
export async function donate(page: Page, quantity: string, options: { food?: string } = {}) {
  const dialog = await openDonateForm(page, quantity, options);
  await dialog.getByRole('button', { name: 'Donate Package' }).click();
  await expect(page).toHaveURL(/\/transaction\//);
}

/** A distributor with room for 60 meals within 10 km of the place. */
export const distributorIn = (place: RegisterInput['place']): RegisterInput => ({
  userType: 'Distributor',
  phone: '91234 56789',
  place,
  distanceRange: '10',
  maxCapacity: '60',
});

/** A distributor who answers each offer: "Accept pairings automatically" turned off. */
export async function answeringDistributor(
  browser: Browser,
  name: string,
  place: RegisterInput['place'],
) {
  const page = await newPerson(browser, name, distributorIn(place));
  await openProfile(page);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  const autoAccept = page.getByRole('checkbox', { name: 'Accept pairings automatically' });
  await expect(autoAccept).toBeChecked();
  await autoAccept.uncheck();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectAlert(page, 'Welcoming the new you!');
  await expect(page.getByText('I answer each offer')).toBeVisible();
  return page;
}

/** Opens the newest notification's package from the bell. */
export async function openFromBell(page: Page, text: RegExp) {
  await page.getByRole('button', { name: /Notifications, \d+ unseen/ }).click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await panel.getByRole('link', { name: text }).first().click();
  await expect(page.getByRole('heading', { name: 'Package Details' })).toBeVisible();
}

/** The handover checklist before Received (decision 042): all three ticked, in the page's words. */
export async function tickChecklist(
  page: Page,
  labels: readonly string[] = ['Packed and covered', 'At the right temperature', 'Within its time'],
) {
  for (const label of labels) await page.getByRole('checkbox', { name: label }).check();
}
