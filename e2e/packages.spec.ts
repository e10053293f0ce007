import { type Page } from '@playwright/test';
import {
  expectAccessible,
  expectAlert,
  newPerson,
  openProfile,
  snap,
  waitForPage,
  tickChecklist,
} from './support/helpers';
import { expect, test } from './support/fixtures';

const NOTIFICATION_DISTRIBUTED = 'Woah! Your package has been successfully distributed!';

async function donate(page: Page, quantity: string, travel = '8 Kilometres') {
  await openProfile(page);
  await page.getByRole('button', { name: 'Donate a Package' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a package' });
  await expect(dialog.getByLabel('Travel Capacity')).toHaveValue(travel);
  await expect(dialog.getByRole('combobox', { name: 'Your Current Location' })).toBeDisabled();
  await expect(dialog.getByText('+91 98765 43210')).toBeVisible();
  await dialog.getByLabel('Quantity').fill(quantity);
  await dialog.getByLabel('Food', { exact: true }).selectOption({ label: 'Vegetarian' });
  await dialog.getByLabel('Kind of food').selectOption({ label: 'Cooked, kept hot' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Donate Package' }).click();
  await expect(page).toHaveURL(/\/transaction\//);
}

test('a donor donates, a distributor nearby receives and distributes it', async ({ browser }) => {
  // Three people and every step of a package, each page checked for accessibility in both themes
  // and for real letters: 2.6 minutes in CI on this 2-core machine, where 150 s ran out twice.
  test.setTimeout(300_000);
  const distributor = await newPerson(browser, 'Ravi Distributor', {
    userType: 'Distributor',
    phone: '91234 56789',
    place: ['Karol Bagh', /Karol Bagh, Central Delhi/],
    distanceRange: '15',
    maxCapacity: '45',
  });
  const donor = await newPerson(browser, 'Meera Donor', {
    userType: 'Donor',
    phone: '98765 43210',
    place: ['Connaught', /Connaught Place, Central Delhi/],
    distanceRange: '8',
  });

  // The distributor waits on the home page; nothing is reloaded from here on.
  await distributor.goto('/');
  await waitForPage(distributor);
  await expect(
    distributor.getByRole('button', { name: 'Notifications', exact: true }),
  ).toBeVisible();

  // The map's pictures never come (as offline, or with the tile server down): the map says so.
  await donor.route(/tile\.openstreetmap\.org/, (tile) => tile.abort());
  await donate(donor, '12');
  await expect(donor.getByRole('heading', { name: 'Package Details' })).toBeVisible();

  // Both learn of the pairing at once, without reloading: a notif toast and an unseen bell.
  await expectAlert(distributor, 'Package Paired', 'Hurray! We have assigned you to a donor!');
  await expect(distributor.getByRole('button', { name: 'Notifications, 1 unseen' })).toBeVisible();
  // The donor hears it once: their donation's toast names who comes; the live notice of the
  // same news gives way to it (the bell still has it).
  await expectAlert(donor, 'Package donated!', 'Ravi Distributor will meet you');
  await expect(
    donor.locator('[data-alert-type]').filter({ hasText: 'Package Paired' }),
  ).toHaveCount(0);
  await expect(donor.getByRole('button', { name: 'Notifications, 1 unseen' })).toBeVisible();
  await expect(donor.locator('[data-state]')).toHaveText('Paired');
  await expect(donor.getByText('12 meals', { exact: true })).toBeVisible();
  await expect(donor.getByRole('link', { name: /Meet Directions/ })).toHaveAttribute(
    'href',
    /google\.com\/maps\/dir/,
  );
  await expect(donor.locator('dd', { hasText: /^Ravi Distributor$/ })).toBeVisible();
  await expect(donor.getByRole('link', { name: '+91 91234 56789' })).toHaveAttribute(
    'href',
    'tel:+919123456789',
  );
  await expect(donor.locator('.leaflet-container')).toBeVisible();
  await expect(donor.getByText(/km from you to the meet point/)).toBeVisible();
  await expect(
    donor.locator('.leaflet-container').getByRole('status').filter({ hasText: 'did not load' }),
  ).toHaveText('The map’s pictures did not load. The points and the line still show the way.');
  // Scrolled on a phone, the map passes under the sticky header (and the alerts), never over:
  // nothing of the map is what a tap on the header's strip would hit.
  const viewport = donor.viewportSize();
  await donor.setViewportSize({ width: 390, height: 800 });
  const mapHitsInHeader = await donor.evaluate(() => {
    const map = document.querySelector('.leaflet-container')!;
    window.scrollBy(0, map.getBoundingClientRect().top - 10);
    const header = document.querySelector('header')!.getBoundingClientRect();
    const covered = [20, 30, 60, 195, 370].filter((x) =>
      document.elementFromPoint(x, header.top + header.height / 2)?.closest('.leaflet-container'),
    );
    return covered.length ? covered : null;
  });
  expect(mapHitsInHeader).toBeNull();
  if (viewport) await donor.setViewportSize(viewport);
  await expectAccessible(donor);
  await snap(donor, 'package-paired-donor');
  const packageUrl = donor.url();

  // The distributor opens it from the notification and works it through.
  await distributor.getByRole('button', { name: 'Notifications, 1 unseen' }).click();
  const panel = distributor.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByRole('listitem').first()).toHaveAttribute('data-unseen', 'true');
  await expectAccessible(distributor);
  await snap(distributor, 'notifications-panel');
  await panel.getByRole('link', { name: /assigned you to a donor/ }).click();
  await expect(
    distributor.getByRole('button', { name: 'Notifications', exact: true }),
  ).toBeVisible();
  await expect(distributor.locator('[data-state]')).toHaveText('Paired');
  await expect(distributor.getByRole('link', { name: '+91 98765 43210' })).toBeVisible();
  // The distributor sets out (decision 044): the donor sees it at once, without reloading.
  await distributor.getByRole('button', { name: "I'm on my way" }).click();
  await expect(distributor.getByTestId('on-way')).toContainText('You set out for the meet point');
  await expectAlert(
    donor,
    'Distributor on the way',
    'Your distributor is on the way to the meet point.',
  );
  await expect(donor.getByTestId('on-way')).toContainText(
    'Ravi Distributor set out for the meet point',
  );
  // The handover: a wrong code is refused, the donor's code is taken.
  const code = (await donor.getByTestId('handover-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{4}$/);
  const wrong = code === '0000' ? '1111' : '0000';
  await tickChecklist(distributor);
  await distributor.getByLabel('Handover code from the donor').fill(wrong);
  await distributor.getByRole('button', { name: 'Mark as Received' }).click();
  await expect(distributor.getByText('Wrong code: 4 tries left')).toBeVisible();
  // Said under the field alone: a toast saying it again covered the field on a phone.
  await expect(distributor.locator('[data-alert-type="error"]')).toHaveCount(0);
  await expect(distributor.locator('[data-state]')).toHaveText('Paired');
  await distributor.getByLabel('Handover code from the donor').fill(code);
  await distributor.getByRole('button', { name: 'Mark as Received' }).click();
  await expectAlert(
    distributor,
    'Package Received!',
    'This package has been marked as received successfully.',
  );
  await expect(distributor.locator('[data-state]')).toHaveText('Received');
  // The donor's open page follows live.
  await expect(donor.locator('[data-state]')).toHaveText('Received');
  await expectAlert(donor, 'Package Received', 'received by the distributor');
  await distributor.getByRole('button', { name: 'Mark as Distributed' }).click();
  await expectAlert(
    distributor,
    'Package Distributed!',
    'Bravo! Great work on successfully distributing this package!',
  );
  await expect(distributor.locator('[data-state]')).toHaveText('Distributed');
  // The donor's live toast first: it is gone after five seconds.
  await expect(donor.locator('[data-state]')).toHaveText('Distributed');
  await expectAlert(donor, 'Package Distributed', 'successfully distributed');
  await expectAccessible(distributor);
  await snap(distributor, 'package-distributed-distributor');

  await expect(donor.getByRole('button', { name: /Notifications, \d unseen/ })).toBeVisible();
  expect(donor.url()).toBe(packageUrl);

  // The full notifications page.
  await donor.getByRole('button', { name: /Notifications/ }).click();
  await donor.getByRole('link', { name: 'See all notifications' }).click();
  await expect(donor.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(donor.getByRole('main').getByText(NOTIFICATION_DISTRIBUTED)).toBeVisible();
  await expectAccessible(donor);
  await snap(donor, 'notifications-page');

  // Counters on both profiles.
  await openProfile(donor);
  await expect(donor.getByTestId('lifetime-total')).toHaveText('12 meals donated in all');
  await openProfile(distributor);
  await expect(distributor.getByTestId('lifetime-total')).toHaveText(
    '1 package distributed in all',
  );

  // A registered stranger cannot open the package, nor tell it from one that does not exist.
  const stranger = await newPerson(browser, 'Sam Stranger', {
    userType: 'Donor',
    phone: '98111 22233',
    place: ['Karol Bagh', /Karol Bagh, Central Delhi/],
    distanceRange: '5',
  });
  await stranger.goto(packageUrl);
  await expect(stranger.getByRole('heading', { name: 'Package not found' })).toBeVisible();
  await expect(stranger.getByText('it is not one of your packages')).toBeVisible();
  await expect(stranger.getByText('Meera Donor')).toHaveCount(0);
  await expect(stranger.getByText('98765 43210')).toHaveCount(0);

  // A distributor who tries to donate is sent home.
  await distributor.goto('/profile?donate=1');
  await expectAlert(distributor, 'Only donors can donate');
  await expect(distributor).toHaveURL(/\/$/);
});

test('a donor far from everyone sees Not Paired and deletes the package', async ({ browser }) => {
  const donor = await newPerson(browser, 'Island Donor', {
    userType: 'Donor',
    phone: '98765 43210',
    place: ['Port Blair', /Port Blair/],
    distanceRange: '2',
  });
  await donate(donor, '5', '2 Kilometres');
  await expect(donor.locator('[data-state]')).toHaveText('Not Paired');
  await expectAlert(donor, 'Package donated!', 'We are looking for a distributor');
  await expect(
    donor.locator('[data-alert-type]').filter({ hasText: 'Package Not Paired' }),
  ).toHaveCount(0);
  await expect(donor.getByRole('button', { name: 'Notifications, 1 unseen' })).toBeVisible();
  await expect(donor.getByText('2 km')).toBeVisible();
  await expectAccessible(donor);
  await snap(donor, 'package-not-paired');
  await donor.getByRole('button', { name: 'Delete Package' }).click();
  await donor.getByRole('dialog').getByRole('button', { name: 'Delete Package' }).click();
  await expectAlert(donor, 'Package Deleted', 'The package has been successfully deleted.');
  await expect(donor).toHaveURL(/\/profile$/);
  await expect(donor.getByText(/No packages yet/)).toBeVisible();
});
