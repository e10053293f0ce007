import { type Browser, type Page } from '@playwright/test';
import {
  donate,
  expectAccessible,
  expectAlert,
  newPerson,
  register,
  type RegisterInput,
  signIn,
  snap,
  uniqueEmail,
  waitForPage,
} from './support/helpers';
import { parseCsv } from '../server/src/test/csv';
import { expect, test } from './support/fixtures';

/**
 * The coordinator console and the impact page. The development sign-in is on and
 * COORDINATOR_EMAILS is unset in these runs, so the demo coordinator runs the console.
 */

// Each journey signs in three people; a busy machine needs more than the default minute.
test.describe.configure({ timeout: 150_000 });

const COORDINATOR = { email: 'coordinator.demo@example.org', name: 'Meera' };

async function coordinatorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await waitForPage(page);
  await signIn(page, COORDINATOR.email, COORDINATOR.name);
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Coordinator console' }).click();
  await expect(page.getByRole('heading', { name: 'Coordinator console' })).toBeVisible();
  return page;
}

const donorIn = (place: RegisterInput['place']): RegisterInput => ({
  userType: 'Donor',
  phone: '98765 43212',
  place,
  distanceRange: '2',
});

test('a coordinator sees a stuck package and offers it to a distributor out of reach', async ({
  browser,
}) => {
  // Ajmer is 130 km from Jaipur: matching never pairs these two by itself.
  const distributor = await newPerson(browser, 'Ravi Farther', {
    userType: 'Distributor',
    phone: '91234 56781',
    place: ['Ajmer', /Ajmer, Rajasthan/],
    distanceRange: '5',
    maxCapacity: '40',
  });
  const donor = await newPerson(browser, 'Lata Stranded', donorIn(['Jaipur', /Jaipur, Rajasthan/]));
  await donate(donor, '12');
  await expect(donor.locator('[data-state]')).toHaveText('Not Paired');

  const coordinator = await coordinatorPage(browser);
  const item = coordinator.getByTestId('waiting-package').filter({ hasText: 'Lata Stranded' });
  await expect(item).toContainText('12 meals');
  await expect(item).toContainText('Not Paired');
  await expectAccessible(coordinator);
  await snap(coordinator, 'coordinator-waiting');

  await item.getByRole('button', { name: 'Offer to a distributor…' }).click();
  const dialog = coordinator.getByRole('dialog', { name: 'Offer 12 meals to a distributor' });
  await dialog.getByRole('radio', { name: /Ravi Farther/ }).check();
  await expectAccessible(coordinator);
  await dialog.getByRole('button', { name: 'Offer', exact: true }).click();
  await expectAlert(coordinator, 'Package offered', /Ravi Farther accepts automatically/);
  // Paired but not yet received: still on the list, now with its distributor.
  await expect(item).toContainText('Paired');
  await expect(item).toContainText('Distributor: Ravi Farther');

  // Both sides see it at once: the donor's open page turns Paired, the distributor hears of it.
  await expect(donor.locator('[data-state]')).toHaveText('Paired');
  await expect(donor.getByText('Ravi Farther', { exact: true })).toBeVisible();
  await expect(
    distributor.getByRole('button', { name: /Notifications, [1-9]\d* unseen/ }),
  ).toBeVisible();

  // And the console remembers who did it.
  await coordinator.getByRole('tab', { name: 'Audit log' }).click();
  await expect(coordinator.getByTestId('audit-entry').first()).toContainText('Offered a package');
  await expect(coordinator.getByTestId('audit-entry').first()).toContainText(COORDINATOR.email);
});

test('a coordinator suspends a person, who is signed out at once and cannot sign in again', async ({
  browser,
}) => {
  const email = uniqueEmail('suspect');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const suspect = await context.newPage();
  await suspect.goto('/');
  await waitForPage(suspect);
  await signIn(suspect, email, 'Vikram Suspect');
  await register(suspect, donorIn(['Udaipur', /Udaipur, Rajasthan/]));
  await donate(suspect, '30');

  const coordinator = await coordinatorPage(browser);
  await coordinator.getByRole('tab', { name: 'People' }).click();
  await coordinator.getByLabel('Search by name, e-mail or phone').fill(email);
  await coordinator.getByRole('button', { name: 'Search', exact: true }).click();
  await coordinator.getByRole('button', { name: /Vikram Suspect/ }).click();
  await expect(coordinator.getByRole('heading', { name: 'Vikram Suspect' })).toBeVisible();
  await coordinator.getByRole('button', { name: 'Suspend…' }).click();
  const dialog = coordinator.getByRole('dialog', { name: 'Suspend Vikram Suspect' });
  // A reason is required.
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(dialog.getByText('Give a reason (at least 3 characters)')).toBeVisible();
  await dialog.getByLabel(/Reason/).fill('Listing packages that are not food');
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expectAlert(coordinator, 'Vikram Suspect is suspended');
  await expect(
    coordinator.getByText(/Suspended .*: Listing packages that are not food/),
  ).toBeVisible();

  // Their open package page notices at once and takes them home.
  await expectAlert(suspect, 'You are signed out');
  await expect(suspect).toHaveURL(/\/$/);
  await snap(suspect, 'suspended-signed-out');
  // The provider still knows them, so signing in goes straight back: and is refused.
  await suspect.getByRole('link', { name: 'Sign In' }).click();
  await expectAlert(suspect, 'Sign-in failed', /suspended/);
  await expect(suspect.getByRole('button', { name: /Account menu for/ })).toHaveCount(0);

  // Their waiting package was cancelled; reinstating lets them back in.
  await coordinator.getByRole('button', { name: 'Reinstate…' }).click();
  await coordinator
    .getByRole('dialog', { name: 'Reinstate Vikram Suspect' })
    .getByLabel(/Reason/)
    .fill('Spoke to them; it was a mistake');
  await coordinator.getByRole('button', { name: 'Reinstate', exact: true }).click();
  await expectAlert(coordinator, 'Vikram Suspect can sign in again');
  await expect(coordinator.getByText(/Packages cancelled/).locator('..')).toContainText('1');
  await suspect.getByRole('link', { name: 'Sign In' }).click();
  await expect(suspect.getByRole('button', { name: /Account menu for/ })).toBeVisible();
});

test('a visitor sees /impact with figures that match the packages', async ({ browser }) => {
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  await waitForPage(visitor);
  await visitor.getByRole('link', { name: 'See our impact' }).click();
  await expect(visitor.getByRole('heading', { name: 'Our impact' })).toBeVisible();
  const figure = async (id: string) =>
    Number((await visitor.getByTestId(`impact-page-${id}`).innerText()).replace(/[^\d.]/g, ''));
  const shown = {
    mealsDonated: await figure('mealsDonated'),
    mealsDistributed: await figure('mealsDistributed'),
    packagesDistributed: await figure('packagesDistributed'),
  };

  // The coordinator's export is read straight from the packages, not from the summary.
  const coordinator = await coordinatorPage(browser);
  const csv = await coordinator.request.post('/api/coordinator/packages.csv', {
    form: { from: '2000-01-01', to: '2099-12-31' },
  });
  expect(csv.status()).toBe(200);
  const packages = parseCsv(await csv.text());
  // The console's button posts the form; the file downloads and the console stays.
  await coordinator.getByRole('tab', { name: 'Audit log' }).click();
  const downloading = coordinator.waitForEvent('download');
  await coordinator.getByRole('button', { name: 'Download CSV' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^almquest-packages-.+\.csv$/);
  await expect(coordinator.getByRole('heading', { name: 'Coordinator console' })).toBeVisible();
  const counted = (rows: Record<string, string>[]) =>
    rows.reduce((sum, p) => sum + Number(p.quantity), 0);
  const distributed = packages.filter((p) => p.state === 'Distributed');
  expect(shown).toEqual({
    mealsDonated: counted(packages.filter((p) => !['Cancelled', 'Expired'].includes(p.state!))),
    mealsDistributed: counted(distributed),
    packagesDistributed: distributed.length,
  });
  expect(shown.mealsDonated).toBeGreaterThan(0);

  // Each chart has its figures in a table behind it.
  await expect(visitor.getByRole('img', { name: /Over the last 12 weeks/ })).toBeVisible();
  await visitor.getByText('Show the figures as a table').first().click();
  await expect(visitor.getByRole('table', { name: 'Meals by week (last 12 weeks)' })).toBeVisible();
  await expect(visitor.getByTestId('impact-page-co2e')).toHaveText(/kg CO₂e|tonnes CO₂e/);
  await expect(visitor.getByRole('link', { name: /FAO \(2013\)/ })).toBeVisible();
  await expectAccessible(visitor);
  await snap(visitor, 'impact-page');
});
