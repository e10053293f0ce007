import { type Browser, type Page, test as base } from '@playwright/test';
import { READY_WAIT_MS, startAppProcess } from '../server/src/test/app-process';
import {
  distributorIn,
  expectAlert,
  newPerson,
  openProfile,
  type RegisterInput,
  signIn,
  waitForPage,
} from './support/helpers';
import { expect } from './support/fixtures';

/**
 * A week of a standing donation on a test clock: its own app with SIM_CLOCK, whose
 * time stands still until the coordinator moves it (POST /api/sim/clock lists the days due and
 * sweeps deadlines), so seven days play in a minute.
 */
const COORDINATOR = 'clock.keeper@example.org';
const test = base.extend<object, { app: { baseURL: string } }>({
  app: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const app = await startAppProcess('e2e-standing', () => ({
        SIM_CLOCK: '1',
        COORDINATOR_EMAILS: COORDINATOR,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MULTIPLIER: '100',
      }));
      try {
        await use({ baseURL: app.baseUrl });
      } finally {
        await app.stop();
      }
    },
    { scope: 'worker', timeout: READY_WAIT_MS + 30_000 },
  ],
  baseURL: async ({ app }, use) => use(app.baseURL),
});
test.describe.configure({ timeout: 240_000 });

const AJMER: RegisterInput['place'] = ['Ajmer', /Ajmer, Rajasthan/];
const HOUR = 3_600_000;

/** The server's clock (the simulation's), and a way to move it, from a coordinator's page. */
async function clockOf(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await waitForPage(page);
  await signIn(page, COORDINATOR, 'Clock Keeper');
  /** Moves the clock to `at` (never back) and waits until what is due by then was done. */
  const moveTo = async (at: number) => {
    const answer = await page.evaluate(async (to) => {
      const res = await fetch('/api/sim/clock', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ at: to }),
      });
      return { status: res.status, body: (await res.json()) as { now?: string } };
    }, new Date(at).toISOString());
    expect(answer.status).toBe(200);
    return Date.parse(answer.body.now!);
  };
  return { moveTo, moveBy: (now: number, ms: number) => moveTo(now + ms) };
}

/** "HH:MM" in India for an instant. */
const indiaClock = (ms: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(ms));

async function listedDays(donor: Page) {
  await donor.goto('/standing');
  const card = donor.getByRole('listitem', { name: /10 meals · Packaged/ });
  await card.getByText(/^Next \d+ days?$/).click();
  return card;
}

test('a week of a standing donation: set up, listed each day, taken every time, a day skipped, ended', async ({
  browser,
}) => {
  const donor = await newPerson(browser, 'Harpreet Dhaba', {
    userType: 'Donor',
    phone: '98765 43210',
    place: AJMER,
    distanceRange: '5',
  });
  const distributor = await newPerson(browser, 'Langar Seva', distributorIn(AJMER));
  const clock = await clockOf(browser);
  // The simulation's clock stood still at the server's start: brought to now, and read.
  let now = await clock.moveTo(Date.now());

  // Every day, food ready an hour from now, for three hours.
  await openProfile(donor);
  await donor.getByRole('link', { name: 'Every day? Set up a standing donation' }).click();
  await donor.getByRole('button', { name: 'Set up a standing donation' }).click();
  const form = donor.getByRole('form', { name: 'Set up a standing donation' });
  await form.getByLabel('Food ready at').fill(indiaClock(now + HOUR));
  await form.getByLabel('Can be picked up for').selectOption({ label: '3 hours' });
  await form.getByLabel('Quantity').fill('10');
  await form.getByLabel('Food', { exact: true }).selectOption({ label: 'Vegetarian' });
  await form.getByLabel('Kind of food').selectOption({ label: 'Packaged, with its label' });
  await form.getByRole('button', { name: 'Set it up' }).click();
  await expectAlert(donor, 'Standing donation set up');

  // Day 1 is listed when the clock moves, and paired with the distributor nearby.
  now = await clock.moveBy(now, 60_000);
  let card = await listedDays(donor);
  const days = card.getByTestId('standing-day');
  await expect(days.first()).toContainText('Paired');
  await days
    .first()
    .getByRole('link', { name: /Open .* package/ })
    .click();
  await expect(donor.getByTestId('standing-note')).toContainText('One day of a standing donation');
  const firstPackage = donor.url();

  // The distributor takes it every time from that package's page.
  await distributor.goto(new URL(new URL(firstPackage).pathname, distributor.url()).toString());
  await distributor.getByRole('button', { name: 'Take it every time' }).click();
  await expect(distributor.getByTestId('standing-note')).toContainText('You take it every time');

  // The donor skips day 3.
  card = await listedDays(donor);
  await card
    .getByTestId('standing-day')
    .nth(2)
    .getByRole('button', { name: /^Skip / })
    .click();
  await expect(card.getByTestId('standing-day').nth(2)).toContainText('Skipped');

  // Six more days go by, one at a time.
  for (let day = 1; day < 7; day++) now = await clock.moveBy(now, 24 * HOUR);

  // Every day but the skipped one was listed, each given to the distributor without asking.
  await openProfile(distributor);
  const list = distributor.locator('#transactions');
  await expect(list.getByText(/10 meals/)).toHaveCount(6);
  await openProfile(donor);
  await expect(donor.locator('#transactions').getByText(/10 meals/)).toHaveCount(6);

  // Ended: the next day is not listed.
  await donor.goto('/standing');
  card = donor.getByRole('listitem', { name: /10 meals · Packaged/ });
  await card.getByRole('button', { name: 'End it' }).click();
  await card.getByRole('button', { name: 'Yes, end it' }).click();
  await expect(card.getByText('Ended')).toBeVisible();
  now = await clock.moveBy(now, 24 * HOUR);
  await openProfile(donor);
  await expect(donor.locator('#transactions').getByText(/10 meals/)).toHaveCount(6);
});
