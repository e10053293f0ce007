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

test('a new donor signs in, registers, and edits their profile', async ({ page }) => {
  await page.goto('/');
  await waitForPage(page);
  await signIn(page, uniqueEmail('asha'), 'Asha Verma');

  await expectAlert(page, 'You are not registered yet');
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByLabel('Email address')).toBeDisabled();
  await expectAccessible(page);
  await snap(page, 'donor-register');

  await register(page, {
    userType: 'Donor',
    phone: '98765 43210',
    place: ['Connaught', /Connaught Place, Central Delhi/],
    distanceRange: '8',
  });
  await expectAlert(
    page,
    'Successfully registered as a Donor!',
    'Welcome to the AlmQuest Family, Asha!',
  );
  await expect(page).toHaveURL(/\/$/);

  // The profile shows what was registered.
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'View Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Asha Verma' })).toBeVisible();
  await expect(page.getByText('AlmQuest verified donor')).toBeVisible();
  await expect(page.getByText('+91 98765 43210')).toBeVisible();
  await expect(page.getByText(/Connaught Place, Central Delhi, Delhi 110001/)).toBeVisible();
  await expect(page.getByText('8 km')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'donor-profile');

  // Edit and save.
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Edit your Details' })).toBeVisible();
  await page.getByLabel('Name').fill('Asha Verma Foods');
  await page.getByLabel('Donor category').selectOption('Food Chain');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectAlert(page, 'Welcoming the new you!', 'Your profile has been successfully updated.');
  await expect(page.getByRole('heading', { name: 'Asha Verma Foods' })).toBeVisible();
  await expect(page.getByText('Food Chain')).toBeVisible();

  // Edit and discard.
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await page.getByLabel('Name').fill('Someone Else');
  await page.getByRole('button', { name: 'Discard Changes' }).click();
  await expectAlert(page, 'Wiping the slate clean!', 'All changes have now been discarded.');
  await expect(page.getByRole('heading', { name: 'Asha Verma Foods' })).toBeVisible();

  // Survives a reload: the server holds it, not the page.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Asha Verma Foods' })).toBeVisible();
});
