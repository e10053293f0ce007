import { type Locator, type Page } from '@playwright/test';
import {
  distributorIn,
  donate,
  expectAlert,
  newPerson,
  openDonateForm,
  openProfile,
  signIn,
  snap,
  uniqueEmail,
  waitForPage,
} from './support/helpers';
import { expect, test } from './support/fixtures';

const PHONE = { width: 390, height: 844 };
/** A real trust's name, one word as long as many Indian place and family names run together. */
const LONG_NAME = 'Venkatanarasimharajuvaripeta Annadanam Trust';

/** Nothing on the page is wider than the phone: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

async function boxOf(locator: Locator) {
  // Where it comes to rest: a toast slides in from the side.
  await locator.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

/** Two elements do not overlap on screen. */
async function expectApart(a: Locator, b: Locator) {
  const [p, q] = [await boxOf(a), await boxOf(b)];
  const overlaps =
    p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
  expect(overlaps, `${JSON.stringify(p)} overlaps ${JSON.stringify(q)}`).toBe(false);
}

test('a long name wraps on a phone: the profile and the donate window stay on screen', async ({
  browser,
}) => {
  const donor = await newPerson(
    browser,
    LONG_NAME,
    {
      userType: 'Donor',
      phone: '98765 43219',
      place: ['Connaught', /Connaught Place, Central Delhi/],
      distanceRange: '8',
    },
    PHONE,
  );
  await expectNoSidewaysScroll(donor);
  await openProfile(donor);
  await expect(donor.getByRole('heading', { name: LONG_NAME })).toBeVisible();
  await expectNoSidewaysScroll(donor);
  await snap(donor, 'long-name-profile');

  const dialog = await openDonateForm(donor, '4');
  await expectNoSidewaysScroll(donor);
  const send = dialog.getByRole('button', { name: 'Donate Package' });
  await send.scrollIntoViewIfNeeded();
  await expect(send).toBeInViewport();
  await expectApart(dialog.getByText('Your phone:'), send);
  await snap(donor, 'long-name-donate');
});

test('a name of one very long word wraps on the package page too', async ({ browser }) => {
  const word = 'Venkatanarasimharajuvaripetaannadanamtrustofsouthernindiaandbeyond';
  // Paired, so the page lists both sides' names and phones.
  await newPerson(browser, 'Wide Word Kitchen', distributorIn(['Guwahati', /Guwahati/]), PHONE);
  const donor = await newPerson(
    browser,
    word,
    {
      userType: 'Donor',
      phone: '98765 43217',
      place: ['Guwahati', /Guwahati/],
      distanceRange: '8',
    },
    PHONE,
  );
  await donate(donor, '3');
  await expect(donor.getByText('Wide Word Kitchen').first()).toBeVisible();
  await expect(donor.getByText(word).first()).toBeVisible();
  await expectNoSidewaysScroll(donor);
  await snap(donor, 'long-word-package');
});

test('toasts on a phone leave the bell, the account menu and the page heading free', async ({
  browser,
}) => {
  const donor = await newPerson(
    browser,
    'Toast Reader',
    {
      userType: 'Donor',
      phone: '98765 43218',
      place: ['Connaught', /Connaught Place, Central Delhi/],
      distanceRange: '8',
    },
    PHONE,
  );
  const toast = await expectAlert(donor, 'Successfully registered as a Donor!');
  await expectApart(toast, donor.getByRole('button', { name: /Account menu for/ }));
  await expectApart(toast, donor.getByRole('button', { name: /Notifications/ }));
  await openProfile(donor);
  await donor.getByRole('button', { name: 'Update Profile' }).click();
  await donor.getByRole('button', { name: 'Discard Changes' }).click();
  const discarded = await expectAlert(donor, 'Wiping the slate clean!');
  await expectApart(discarded, donor.getByRole('heading', { name: 'Toast Reader' }));
  await snap(donor, 'toast-phone');

  // The button just pressed stays in sight above the toasts, even at the screen's foot.
  await donor.getByRole('button', { name: 'Update Profile' }).click();
  const save = donor.getByRole('button', { name: 'Save Changes' });
  // A phone just tall enough to show it, at its foot.
  const bottom = await save.evaluate((el) => {
    window.scrollTo(0, 0);
    return el.getBoundingClientRect().bottom;
  });
  await donor.setViewportSize({ width: PHONE.width, height: Math.ceil(bottom) + 4 });
  await donor.context().setOffline(true);
  await save.click();
  await expect(donor.locator('[data-alert-type="error"]')).toBeVisible();
  await expectApart(donor.locator('[data-toast-viewport]'), save);
  await donor.context().setOffline(false);
  await donor.setViewportSize(PHONE);
});

test('a list of places being chosen from is never under a toast', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto('/');
  await waitForPage(page);
  await signIn(page, uniqueEmail('toastlist'), 'Toast List');
  await expect(page).toHaveURL(/\/register$/);
  // The ask to register is showing, at the bottom, where the suggestions open.
  await expectAlert(page, 'You are not registered yet');
  await page.getByRole('combobox', { name: 'Location' }).fill('Salt Lake');
  await expect(page.getByRole('option').first()).toBeVisible();
  await expect(page.locator('[data-toast-viewport]')).toHaveCSS('opacity', '0');
  await snap(page, 'toast-steps-aside');
  await page.getByRole('option').first().click();
  await expect(page.locator('[data-toast-viewport]')).toHaveCSS('opacity', '1');
  await context.close();
});

test('an open account menu on a wide screen is never under a toast', async ({ browser }) => {
  const donor = await newPerson(browser, 'Menu Reader', {
    userType: 'Donor',
    phone: '98765 43217',
    place: ['Connaught', /Connaught Place, Central Delhi/],
    distanceRange: '8',
  });
  // The welcome sits at the top right, where the menu opens.
  await expectAlert(donor, 'Successfully registered as a Donor!');
  const toasts = donor.locator('[data-toast-viewport]');
  await expect(toasts).toHaveCSS('opacity', '1');
  await donor.getByRole('button', { name: /Account menu for/ }).click();
  await expect(toasts).toHaveCSS('opacity', '0');
  await snap(donor, 'toast-steps-aside-menu');
  // Every item takes its click, none is caught by the toast above it.
  await donor.getByRole('menuitem', { name: 'View Transactions' }).click({ timeout: 3000 });
  await expect(donor).toHaveURL(/\/profile#transactions$/);
  await expect(toasts).toHaveCSS('opacity', '1');
});

test('on a tablet toasts leave the header and the heading free, and step aside for the bell and a dialog', async ({
  browser,
}) => {
  const donor = await newPerson(
    browser,
    'Tablet Reader',
    {
      userType: 'Donor',
      phone: '98765 43216',
      place: ['Connaught', /Connaught Place, Central Delhi/],
      distanceRange: '8',
    },
    { width: 640, height: 900 },
  );
  const welcome = await expectAlert(donor, 'Successfully registered as a Donor!');
  await expectApart(welcome, donor.getByRole('banner'));
  const toasts = donor.locator('[data-toast-viewport]');
  // The notifications open where a toast sat before: it steps aside, and comes back after.
  await donor.getByRole('button', { name: /Notifications/ }).click();
  await expect(donor.getByRole('region', { name: 'Notifications' })).toBeVisible();
  await expect(toasts).toHaveCSS('opacity', '0');
  await donor.keyboard.press('Escape');
  await expect(donor.getByRole('region', { name: 'Notifications' })).toBeHidden();
  await expect(toasts).toHaveCSS('opacity', '1');
  // A new package's page: its heading is never under the toast that says it was donated.
  await donate(donor, '12');
  const donated = await expectAlert(donor, 'Package donated!');
  await expectApart(donated, donor.getByRole('heading', { level: 1 }));
  await expectApart(donated, donor.getByRole('banner'));
  await snap(donor, 'toast-tablet');
  // A dialog's buttons are never under a toast: the stack steps aside while it is open.
  const dialog = await openDonateForm(donor, '5');
  await expect(toasts).toHaveCSS('opacity', '0');
  await dialog.getByRole('button', { name: 'Cancel' }).click({ timeout: 3000 });
  await expect(dialog).toBeHidden();
  await expect(toasts).toHaveCSS('opacity', '1');
});
