import { readFile } from 'node:fs/promises';
import {
  expectAccessible,
  expectAlert,
  register,
  signIn,
  snap,
  uniqueEmail,
  waitForPage,
} from './support/helpers';
import { expect, test } from './support/fixtures';

test('a newcomer reads the notice, agrees at registration, downloads their data and leaves', async ({
  page,
}) => {
  const email = uniqueEmail('dpdp');
  await page.goto('/');
  await waitForPage(page);
  // The whole notice, from the footer, before signing in.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy notice', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Whom to contact' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'privacy-notice');

  await signIn(page, email, 'Dipa Privacy');
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Your data, in short' })).toBeVisible();
  // Without the boxes ticked, nothing is registered and each box says why.
  await page.getByRole('button', { name: 'Register as Donor' }).click();
  await expect(
    page.getByRole('checkbox', { name: 'I have read the privacy notice and agree to it' }),
  ).toHaveAccessibleDescription('Read and accept the current privacy notice');
  await expect(page.getByRole('checkbox', { name: 'I am 18 or over' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await register(page, {
    userType: 'Donor',
    phone: '98765 43210',
    place: ['Connaught', /Connaught Place, Central Delhi/],
    distanceRange: '8',
  });
  await expectAlert(page, 'Successfully registered as a Donor!');

  // Their data, as a file the browser saves.
  await page.goto('/profile');
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await saving;
  expect(download.suggestedFilename()).toMatch(/^almquest-my-data-\d{4}-\d\d-\d\d\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    account: { email: string; phone: string };
    consents: { isAdult: boolean }[];
  };
  expect(data.account.email).toBe(email);
  expect(data.consents).toEqual([expect.objectContaining({ isAdult: true })]);

  // Withdrawing consent is deleting the account.
  await page.getByRole('button', { name: 'Delete Profile' }).click();
  await page.getByRole('button', { name: 'Delete my profile' }).click();
  await expectAlert(page, 'Profile deleted');
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(401);
});
