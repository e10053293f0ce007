import {
  answeringDistributor,
  distributorIn,
  expectAccessible,
  expectAlert,
  newPerson,
  openDonateForm,
  openFromBell,
  type RegisterInput,
  snap,
  tickChecklist,
} from './support/helpers';
import { expect, test } from './support/fixtures';

/**
 * Big donations and honest answers: a donation no one distributor can take is split
 * across several, each part picked up on its own; a donation nobody can reach says why and what
 * would help, and one tap on the suggestion pairs it.
 */

// Five or six people each: more than the default minute on a busy machine.
test.describe.configure({ timeout: 240_000 });

const nagpur: RegisterInput['place'] = ['Nagpur', /Nagpur.*Maharashtra/];

test('200 meals split across four distributors with room for 60, each part accepted and received on its own', async ({
  browser,
}) => {
  const names = ['Asha Split', 'Bina Split', 'Chetan Split', 'Devi Split'];
  // Two answer each offer themselves, two accept automatically.
  const distributors = await Promise.all(
    names.map((name, i) =>
      i < 2
        ? answeringDistributor(browser, name, nagpur)
        : newPerson(browser, name, distributorIn(nagpur)),
    ),
  );
  const donor = await newPerson(browser, 'Wedding Host', {
    userType: 'Donor',
    phone: '98765 43299',
    place: nagpur,
    distanceRange: '5',
  });

  const dialog = await openDonateForm(donor, '200');
  // From 50 meals the form offers splitting, ticked.
  await expect(dialog.getByLabel('Can be split across distributors')).toBeChecked();
  await dialog.getByRole('button', { name: 'Donate Package' }).click();
  await expect(donor).toHaveURL(/\/donations\//);
  await expect(donor.getByRole('heading', { name: 'Your donation' })).toBeVisible();
  const parts = donor.getByTestId('donation-part');
  await expect(parts).toHaveCount(4);
  const sizes = (await parts.allTextContents()).map(
    (text) => /^Part \d: (\d+) meals/.exec(text)?.[1],
  );
  expect(sizes).toEqual(['60', '60', '60', '20']);
  // The parts offered to the two who answer wait for them; each accepts their own.
  await expect(donor.getByTestId('donation-part').filter({ hasText: 'Offered' })).toHaveCount(2);
  await expect(donor.getByText(/^(80|120) of 200 meals have a distributor\.$/)).toBeVisible();
  await Promise.all(
    distributors.slice(0, 2).map(async (distributor) => {
      await openFromBell(distributor, /has food for you/);
      await expect(distributor.getByTestId('why-you')).toContainText('Why you');
      await distributor.getByRole('main').getByRole('button', { name: 'Accept' }).click();
      await expectAlert(distributor, 'Package accepted!');
    }),
  );
  // Each acceptance reaches the donor live, naming the part's meals and the donation.
  await expectAlert(donor, 'Package Paired', /\(60 meals of your 200-meal donation\)/);
  await expect(donor.getByText('200 of 200 meals have a distributor.')).toBeVisible();
  await expect(donor.locator('.leaflet-container')).toBeVisible();
  await expectAccessible(donor);
  await snap(donor, 'donation-split');
  const donationUrl = donor.url();

  // Each part is received on its own: the donor shows that part's code to its distributor.
  for (let i = 0; i < 4; i++) {
    await donor.goto(donationUrl);
    const part = donor.getByTestId('donation-part').nth(i);
    const takenBy = (await part.getByText(/^Taken by /).textContent())!.replace('Taken by ', '');
    const distributor = distributors[names.indexOf(takenBy.trim())]!;
    // The donation's page shows each paired part's code; the part's own page the same one.
    const listedCode = /(\d{4})$/.exec(
      (await part.getByTestId('part-code').textContent()) ?? '',
    )?.[1];
    await part.getByRole('link', { name: `Open part ${i + 1}` }).click();
    await expect(donor.getByTestId('part-of-donation')).toContainText(
      /^These \d+ meals are one part of your 200-meal donation/,
    );
    const code = (await donor.getByTestId('handover-code').textContent())?.trim() ?? '';
    expect(code).toContain(listedCode);
    const partUrl = new URL(donor.url()).pathname;
    await distributor.goto(partUrl);
    await expect(distributor.locator('[data-state]')).toHaveText('Paired');
    // Why them: the meet point's distance and the room they keep.
    await expect(distributor.getByTestId('why-you')).toContainText('Why you');
    await tickChecklist(distributor);
    await distributor.getByLabel('Handover code from the donor').fill(code);
    await distributor.getByRole('button', { name: 'Mark as Received' }).click();
    await expectAlert(distributor, 'Package Received!');
  }
  await donor.goto(donationUrl);
  await expect(donor.getByTestId('donation-part').filter({ hasText: 'Received' })).toHaveCount(4);
});

test('a far donation says why it waits, and "Widen to …" pairs it', async ({ browser }) => {
  // Mysuru is about 40 km from Mandya: out of reach of a 2 km donor and a 5 km distributor.
  await newPerson(browser, 'Mohan Farther', {
    userType: 'Distributor',
    phone: '91234 56710',
    place: ['Mysuru', /Mysuru.*Karnataka|Mysore.*Karnataka/],
    distanceRange: '5',
    maxCapacity: '40',
  });
  const donor = await newPerson(browser, 'Farm Donor', {
    userType: 'Donor',
    phone: '98765 43298',
    place: ['Mandya', /Mandya.*Karnataka/],
    distanceRange: '2',
  });
  const dialog = await openDonateForm(donor, '15');
  await expect(dialog.getByLabel('Can be split across distributors')).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Donate Package' }).click();
  await expect(donor).toHaveURL(/\/transaction\//);
  await expect(donor.locator('[data-state]')).toHaveText('Not Paired');
  const why = donor.getByTestId('explanation');
  await expect(why.getByRole('heading', { name: 'Why it is still waiting' })).toBeVisible();
  await expect(why).toContainText('No distributor is within reach.');
  await expect(why).toContainText(/A distributor \d+ km away has room/);
  await expect(why).toContainText(/we will keep looking until/);
  await expectAccessible(donor);
  await snap(donor, 'package-explanation');
  await why.getByRole('button', { name: /^Widen to \d+ km$/ }).click();
  // A long way farther than the 2 km given: asked once more.
  await expect(why).toContainText(/You would travel up to \d+ km to the meet point \(now 2 km\)\./);
  await why.getByRole('button', { name: /^Yes, widen to \d+ km$/ }).click();
  await expect(donor.locator('[data-state]')).toHaveText('Paired');
  await expect(donor.getByText('Mohan Farther', { exact: true })).toBeVisible();
  await expect(donor.getByTestId('explanation')).toHaveCount(0);
});
