import {
  answeringDistributor,
  distributorIn,
  donate,
  expectAccessible,
  expectAlert,
  newPerson,
  openFromBell,
  snap,
  type RegisterInput,
} from './support/helpers';
import { expect, test } from './support/fixtures';

/**
 * The pickup lifecycle in the browser: offers accepted, declined and re-offered,
 * lapsed (OFFER_MINUTES is half a minute in these runs), a donor cancelling, a package expiring.
 * Each journey lives in its own city, far from the others'.
 */

const donorIn = (place: RegisterInput['place']): RegisterInput => ({
  userType: 'Donor',
  phone: '98765 43210',
  place,
  distanceRange: '5',
});

test('an offer accepted: contacts appear only then, the donor sees it live', async ({
  browser,
}) => {
  const pune: RegisterInput['place'] = ['Pune', /Pune, Maharashtra/];
  const distributor = await answeringDistributor(browser, 'Asha Offer', pune);
  const donor = await newPerson(browser, 'Kiran Donor', donorIn(pune));
  await donate(donor, '14', { food: 'Contains egg' });
  await expect(donor.locator('[data-state]')).toHaveText('Offered');
  await expect(donor.getByText(/Offered to a distributor near you/)).toBeVisible();
  await expect(donor.getByText('Contains egg')).toBeVisible();

  await openFromBell(distributor, /has food for you/);
  await expect(distributor.locator('[data-state]')).toHaveText('Offered');
  await expect(
    distributor.getByRole('heading', { name: 'A donor has food for you' }),
  ).toBeVisible();
  await expect(distributor.getByRole('timer')).toHaveText(/Answer within \d+:\d\d/);
  // On the page itself: the offer's toast, still up on a quick machine, says 14 meals too.
  await expect(distributor.getByRole('main').getByText('14 meals')).toBeVisible();
  // No contact before accepting.
  await expect(distributor.getByRole('link', { name: '+91 98765 43210' })).toHaveCount(0);
  await expectAccessible(distributor);
  await distributor.setViewportSize({ width: 390, height: 844 });
  await snap(distributor, 'offer-distributor-390');
  await distributor.setViewportSize({ width: 1280, height: 900 });

  await distributor.getByRole('main').getByRole('button', { name: 'Accept' }).click();
  await expectAlert(distributor, 'Package accepted!');
  await expect(distributor.locator('[data-state]')).toHaveText('Paired');
  await expect(distributor.getByRole('link', { name: '+91 98765 43210' })).toBeVisible();

  // The donor's open page follows: paired, the handover code, the timeline naming who accepted.
  await expect(donor.locator('[data-state]')).toHaveText('Paired');
  await expect(donor.getByTestId('handover-code')).toHaveText(/^\d{4}$/);
  const timeline = donor.getByRole('region', { name: 'History' });
  // Named to the donor only now that they have accepted.
  await expect(timeline.getByText('Offered to Asha Offer')).toBeVisible();
  await expect(timeline.getByText('Accepted by Asha Offer')).toBeVisible();
  await snap(donor, 'offer-accepted-donor');
});

test('an offer declined goes to the next distributor, who accepts', async ({ browser }) => {
  const bhopal: RegisterInput['place'] = ['Bhopal', /Bhopal, Madhya Pradesh/];
  const first = await answeringDistributor(browser, 'Dev One', bhopal);
  const second = await answeringDistributor(browser, 'Lata Two', bhopal);
  const donor = await newPerson(browser, 'Gopal Donor', donorIn(bhopal));
  await donate(donor, '9');

  // Whoever was asked first says no.
  const unseen = /Notifications, 1 unseen/;
  await expect
    .poll(async () => {
      const counts = await Promise.all(
        [first, second].map((p) => p.getByRole('button', { name: unseen }).count()),
      );
      return counts.reduce((sum, n) => sum + n, 0);
    })
    .toBe(1);
  const isFirstAsked = (await first.getByRole('button', { name: unseen }).count()) === 1;
  const [asked, next] = isFirstAsked ? [first, second] : [second, first];
  await openFromBell(asked, /has food for you/);
  await asked.getByRole('main').getByRole('button', { name: 'Decline' }).click();
  const dialog = asked.getByRole('dialog', { name: 'Decline this package?' });
  await dialog.getByLabel('Reason (optional)').fill('Van is away today');
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expectAlert(asked, 'Package declined');
  await expect(asked).toHaveURL(/\/profile$/);

  await openFromBell(next, /has food for you/);
  await next.getByRole('main').getByRole('button', { name: 'Accept' }).click();
  await expectAlert(next, 'Package accepted!');

  await expect(donor.locator('[data-state]')).toHaveText('Paired');
  const timeline = donor.getByRole('region', { name: 'History' });
  await expect(timeline.getByText('Declined by a distributor')).toBeVisible();
  await expect(timeline.getByText('Reason: Van is away today')).toBeVisible();
});

test('an offer nobody answers lapses; the donor hears no one is available', async ({ browser }) => {
  test.setTimeout(120_000);
  const indore: RegisterInput['place'] = ['Indore', /Indore, Madhya Pradesh/];
  const distributor = await answeringDistributor(browser, 'Sona Silent', indore);
  const donor = await newPerson(browser, 'Hari Donor', donorIn(indore));
  await donate(donor, '5');
  await openFromBell(distributor, /has food for you/);
  // The countdown runs on the page without a reload; when the offer lapses the page says so.
  await expect(distributor.getByRole('timer')).toHaveText(/Answer within 0:[0-2]\d/);
  await expect(
    distributor.getByRole('heading', { name: 'This package went to someone else' }),
  ).toBeVisible({ timeout: 45_000 });
  await expect(
    distributor.getByText('This package is no longer offered or assigned to you.'),
  ).toBeVisible();
  await expectAlert(distributor, /Package/, /did not answer in time/);
  await expect(donor.locator('[data-state]')).toHaveText('Not Paired');
  await expectAlert(donor, /Package/, /No distributor near you can take your package/);
  await expect(
    donor.getByRole('region', { name: 'History' }).getByText('Offer not answered in time'),
  ).toBeVisible();
});

test('a donor cancels a paired package; the distributor is told not to come', async ({
  browser,
}) => {
  const ranchi: RegisterInput['place'] = ['Ranchi', /Ranchi, Jharkhand/];
  const distributor = await newPerson(browser, 'Mohan Auto', distributorIn(ranchi));
  const donor = await newPerson(browser, 'Rupa Donor', donorIn(ranchi));
  await donate(donor, '6');
  await expect(donor.locator('[data-state]')).toHaveText('Paired');
  await donor.getByRole('button', { name: 'Cancel package' }).click();
  const dialog = donor.getByRole('dialog', { name: 'Cancel this package?' });
  await dialog.getByLabel('Reason (optional)').fill('Guests stayed for dinner');
  await dialog.getByRole('button', { name: 'Cancel package' }).click();
  await expectAlert(donor, 'Package cancelled');
  await expect(donor.locator('[data-state]')).toHaveText('Cancelled');
  await expect(donor.getByText('This package was cancelled.')).toBeVisible();
  await expectAlert(distributor, /Package/, /cancelled this package/);
});

test('a package nobody picks up in time expires, and the donor sees it live', async ({
  browser,
}) => {
  const donor = await newPerson(browser, 'Tara Donor', donorIn(['Port Blair', /Port Blair/]));
  const me = await (await donor.request.get('/api/session')).json();
  const profile = await (await donor.request.get(`/api/donor/${me.user.id}`)).json();
  // A window of a few seconds (the form's shortest is an hour).
  const created = await donor.request.post('/api/donor/donate', {
    headers: { Origin: new URL(donor.url()).origin },
    data: {
      donor_id: me.user.id,
      quantity: 4,
      travelCapacity: 0,
      location: profile.data.location,
      readyUntil: new Date(Date.now() + 6_000).toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  const { package: pkg } = await created.json();
  await donor.goto(`/transaction/${pkg._id}`);
  await expect(donor.locator('[data-state]')).toHaveText('Not Paired');
  await expect(donor.locator('[data-state]')).toHaveText('Expired', { timeout: 20_000 });
  await expectAlert(donor, /Package/, /Nobody picked up your package in time/);
  await expect(donor.getByRole('button', { name: 'Cancel package' })).toHaveCount(0);
  await snap(donor, 'package-expired');
});
