import { expectAlert, signIn, snap, uniqueEmail, waitForPage } from './support/helpers';
import { expect, test } from './support/fixtures';

test.describe('access guards', () => {
  test('a visitor is sent home from the profile page', async ({ page }) => {
    await page.goto('/profile');
    await expectAlert(page, "Hey! We don't recognize you", 'Please login to join AlmQuest!');
    await expect(page).toHaveURL(/\/$/);
    await snap(page, 'guard-profile-visitor');
  });

  test('a visitor is sent home from a package page', async ({ page }) => {
    await page.goto('/transaction/7d3f5a0e-0000-4000-8000-000000000000');
    await expectAlert(
      page,
      'Hey! You are trespassing!',
      'You are not authorized to view this transaction.',
    );
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unregistered user is sent from the profile to registration', async ({ page }) => {
    await page.goto('/');
    await waitForPage(page);
    await signIn(page, uniqueEmail('newcomer'));
    await expect(page).toHaveURL(/\/register$/);
    await page.goto('/profile');
    await expectAlert(
      page,
      'We were unable to find your profile!',
      'Please register with us to create your profile now.',
    );
    await expect(page).toHaveURL(/\/register$/);
    await snap(page, 'guard-profile-unregistered');
    await page.goto('/transaction/7d3f5a0e-0000-4000-8000-000000000000');
    await expectAlert(
      page,
      'Hey! You are trespassing!',
      'You are not authorized to view this transaction.',
    );
    await expect(page).toHaveURL(/\/$/);
  });
});
