import { type Page } from '@playwright/test';
import { expectAlert, register, signIn, snap, uniqueEmail, waitForPage } from './support/helpers';
import { expect, test } from './support/fixtures';

/** What a newcomer hits first: joining, switching accounts on a shared phone, typing a place. */

/** Collects what the page logs as errors from now on. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** A donor registered at Connaught Place, signed in on this page. */
async function newDonor(page: Page, tag: string, name: string) {
  await page.goto('/');
  await waitForPage(page);
  await signIn(page, uniqueEmail(tag), name);
  await register(page, {
    userType: 'Donor',
    phone: '98765 43210',
    place: ['Connaught', /Connaught Place, Central Delhi/],
    distanceRange: '8',
  });
}

test('a visitor’s page loads log no errors (asking who is signed in is not a 401)', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  for (const path of ['/', '/personainfo', '/contact']) {
    await page.goto(path);
    await waitForPage(page);
  }
  expect(errors).toEqual([]);
});

test('a visitor joins as a distributor and lands on registration with that type chosen', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await page.goto('/');
  await waitForPage(page);
  await page.getByRole('link', { name: 'Join us as a Distributor Now!' }).click();
  await expect(page).toHaveTitle('Development sign-in');
  await page.getByLabel('Email address').fill(uniqueEmail('joiner'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/register\?type=distributor$/);
  await expectAlert(page, 'You are not registered yet');
  await expect(page.getByRole('radio', { name: 'Distributor' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Register as Distributor' })).toBeVisible();
  await snap(page, 'join-as-distributor');
  // Nothing on the way (the development sign-in page included) failed to load.
  expect(errors).toEqual([]);
});

test('after Sign Out, Sign In shows the provider again and another person signs in', async ({
  page,
}) => {
  const first = uniqueEmail('first');
  const second = uniqueEmail('second');
  await page.goto('/');
  await waitForPage(page);
  await signIn(page, first, 'First Person');
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expectAlert(page, 'Signed out');
  // The provider asks again instead of signing the first person straight back in.
  await signIn(page, second, 'Second Person');
  const me = (await (await page.request.get('/api/me')).json()) as { email: string };
  expect(me.email).toBe(second);
});

test('a typed place that was not picked is refused, never saved as the old place', async ({
  page,
}) => {
  await newDonor(page, 'typist', 'Typist Donor');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  const place = page.getByRole('combobox', { name: 'Location' });
  await place.fill('Leh City');
  await place.press('Escape');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(place).toHaveAccessibleDescription(/Pick a place from the list/);
  await expect(page.getByRole('heading', { name: 'Edit your Details' })).toBeVisible();
  await snap(page, 'unpicked-location');
});

test('a place can be adjusted on the map: the point moves, the address stays', async ({ page }) => {
  await newDonor(page, 'adjuster', 'Adjusting Donor');
  const me = (await (await page.request.get('/api/session')).json()) as { user: { id: string } };
  const before = (await (await page.request.get(`/api/donor/${me.user.id}`)).json()) as {
    data: { location: { address: string; coordinates: [number, number] } };
  };
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await page.getByRole('button', { name: 'Adjust on map' }).click();
  await expect(page.locator('.leaflet-marker-icon')).toBeVisible();
  const moves = page.getByRole('group', { name: 'Move the pin' });
  await moves.getByRole('button', { name: 'North' }).click();
  await moves.getByRole('button', { name: 'North' }).click();
  await moves.getByRole('button', { name: 'East' }).click();
  await snap(page, 'adjust-on-map');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectAlert(page, 'Welcoming the new you!');
  const after = (await (
    await page.request.get(`/api/donor/${me.user.id}`)
  ).json()) as typeof before;
  expect(after.data.location.address).toBe(before.data.location.address);
  const [lat0, lng0] = before.data.location.coordinates;
  const [lat1, lng1] = after.data.location.coordinates;
  expect(lat1 - lat0).toBeCloseTo(0.0009, 5);
  expect(lng1 - lng0).toBeCloseTo(0.00045, 5);
});
