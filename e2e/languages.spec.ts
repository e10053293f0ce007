import { type Browser, type Page } from '@playwright/test';
import {
  expectAccessible,
  expectAlert,
  expectRealLetters,
  snap,
  uniqueEmail,
  waitForPage,
  tickChecklist,
} from './support/helpers';
import { expect, test } from './support/fixtures';

/**
 * A person who reads only Hindi, or only Bengali, uses AlmQuest from their phone. The
 * browser speaks their language (nothing is chosen by hand), so the app opens in it; every step
 * is found by its Hindi or Bengali words, never by English.
 */
async function phoneIn(browser: Browser, locale: 'hi-IN' | 'bn-IN'): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  await waitForPage(page);
  return page;
}

/** True once the page shows a script's glyphs from a real font (the self-hosted Noto face). */
async function rendersScript(page: Page, family: string, sample: string): Promise<boolean> {
  return page.evaluate(
    async ({ family, sample }) => {
      await document.fonts.load(`16px "${family}"`, sample);
      await document.fonts.ready;
      let isLoaded = false;
      document.fonts.forEach((face) => {
        if (face.family.includes(family) && face.status === 'loaded') isLoaded = true;
      });
      return isLoaded;
    },
    { family, sample },
  );
}

/** Signs in through the development provider's page, which speaks the app's language. */
async function signInAs(
  page: Page,
  words: { signIn: string; title: string; email: string; name: RegExp; go: string },
  email: string,
  name: string,
) {
  await page.getByRole('link', { name: words.signIn }).click();
  await expect(page).toHaveTitle(words.title);
  // Its buttons drew boxes in both scripts on a machine without Indic fonts: form controls do
  // not inherit the page's fonts unless told to.
  await expectRealLetters(page);
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.name).fill(name);
  await page.getByRole('button', { name: words.go }).click();
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/dev-idp') && !url.pathname.startsWith('/api/'),
  );
}

test('a donor in Hindi and a distributor in Bengali: register, donate, pair, receive, distribute', async ({
  browser,
}) => {
  // The distributor, in Bengali, registers first in Kolkata, typing the city in Bengali script.
  const distributor = await phoneIn(browser, 'bn-IN');
  await expect(distributor.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(distributor.getByRole('heading', { level: 1 })).toHaveText(
    'ভালো খাবারের জায়গা মানুষের পাতে, ডাস্টবিনে নয়।',
  );
  expect(await rendersScript(distributor, 'Noto Sans Bengali', 'বাংলা')).toBe(true);
  await signInAs(
    distributor,
    {
      signIn: 'সাইন ইন',
      title: 'ডেভেলপমেন্ট সাইন\u00a0ইন',
      email: 'ইমেল ঠিকানা',
      name: /^নাম/,
      go: 'এগিয়ে যান',
    },
    uniqueEmail('rina'),
    'Rina Das',
  );
  await expectAlert(distributor, 'আপনি এখনও রেজিস্টার করেননি');
  await expect(distributor).toHaveURL(/\/register$/);
  await distributor.getByRole('radio', { name: 'বিতরণকারী' }).click();
  await distributor.getByLabel('ফোন নম্বর').fill('৯১২৩৪ ৫৬৭৮৯');
  await distributor.getByRole('combobox', { name: 'জায়গা' }).fill('কলকাতা');
  // The city is named in the reader's script; its address stays as the post office writes it.
  await distributor
    .getByRole('option', { name: /^কলকাতা.*Kolkata, .*West Bengal/ })
    .first()
    .click();
  await distributor.getByLabel('কত দূর যেতে পারবেন (কিমি)').fill('15');
  await distributor.getByLabel('সর্বোচ্চ ক্ষমতা').fill('45');
  await distributor
    .getByRole('checkbox', { name: 'আমি গোপনীয়তা বিজ্ঞপ্তি পড়েছি এবং তাতে সম্মত' })
    .check();
  await distributor.getByRole('checkbox', { name: 'আমার বয়স ১৮ বা তার বেশি' }).check();
  await expectAccessible(distributor);
  await snap(distributor, 'bn-register');
  await distributor.getByRole('button', { name: 'বিতরণকারী হিসেবে রেজিস্টার করুন' }).click();
  await expectAlert(
    distributor,
    'বিতরণকারী হিসেবে রেজিস্টার হয়েছে!',
    'AlmQuest পরিবারে স্বাগতম, Rina Das!',
  );
  // The language went onto the account (notifications and e-mails follow it).
  await expect
    .poll(async () => (await distributor.request.get('/api/session')).json())
    .toMatchObject({ user: { locale: 'bn' } });

  // The donor, in Hindi, signs in, registers with a Devanagari phone number and city name.
  const donor = await phoneIn(browser, 'hi-IN');
  await expect(donor.locator('html')).toHaveAttribute('lang', 'hi');
  expect(await rendersScript(donor, 'Noto Sans Devanagari', 'हिन्दी')).toBe(true);
  await snap(donor, 'hi-landing');
  await signInAs(
    donor,
    {
      signIn: 'साइन इन',
      title: 'डेवलपमेंट साइन\u00a0इन',
      email: 'ईमेल पता',
      name: /^नाम/,
      go: 'आगे बढ़ें',
    },
    uniqueEmail('asha'),
    'Asha Verma',
  );
  await expectAlert(donor, 'आपने अभी रजिस्टर नहीं किया है');
  await expect(donor).toHaveURL(/\/register$/);
  await donor.getByRole('radio', { name: 'दाता' }).click();
  // A mistake first: the field error is in Hindi too.
  await donor.getByLabel('फ़ोन नंबर').fill('१२३');
  await donor.getByRole('button', { name: 'दाता के रूप में रजिस्टर करें' }).click();
  await expect(donor.getByText('10 अंकों का भारतीय मोबाइल नंबर लिखें')).toBeVisible();
  await donor.getByLabel('फ़ोन नंबर').fill('९८७६५ ४३२१०');
  await donor.getByRole('combobox', { name: 'जगह' }).fill('कोलकाता');
  await donor
    .getByRole('option', { name: /^कोलकाता.*Kolkata, .*West Bengal/ })
    .first()
    .click();
  await donor.getByLabel('कितनी दूर जा सकते हैं (किमी)').fill('8');
  await donor.getByRole('checkbox', { name: 'मैंने निजता सूचना पढ़ ली है और मैं इससे सहमत हूँ' }).check();
  await donor.getByRole('checkbox', { name: 'मेरी उम्र 18 साल या उससे ज़्यादा है' }).check();
  await expectAccessible(donor);
  await snap(donor, 'hi-register');
  await donor.getByRole('button', { name: 'दाता के रूप में रजिस्टर करें' }).click();
  await expectAlert(donor, 'दाता के रूप में रजिस्टर हो गए!', 'AlmQuest परिवार में आपका स्वागत है, Asha!');

  // The profile, then a donation.
  await donor.getByRole('button', { name: /का अकाउंट मेन्यू$/ }).click();
  await donor.getByRole('menuitem', { name: 'प्रोफ़ाइल देखें' }).click();
  await expect(donor.getByText('AlmQuest द्वारा सत्यापित दाता')).toBeVisible();
  await expect(donor.getByText('+91 98765 43210')).toBeVisible();
  await expectAccessible(donor);
  await snap(donor, 'hi-profile');
  await donor.getByRole('button', { name: 'पैकेट दान करें' }).click();
  const dialog = donor.getByRole('dialog', { name: 'पैकेट जोड़ें' });
  await expect(dialog.getByLabel('कितनी दूर जा सकते हैं')).toHaveValue('8 किलोमीटर');
  await dialog.getByLabel('मात्रा').fill('12');
  await dialog.getByLabel('खाने का प्रकार').selectOption({ label: 'शाकाहारी' });
  await dialog.getByLabel('खाना किस रूप में है').selectOption({ label: 'पका हुआ, गरम रखा' });
  await expectAccessible(donor);
  await snap(donor, 'hi-donate');
  await dialog.getByRole('button', { name: 'पैकेट दान करें' }).click();
  await expect(donor).toHaveURL(/\/transaction\//);
  await expect(donor.getByRole('heading', { name: 'पैकेट की जानकारी' })).toBeVisible();

  // Both hear of the pairing at once, each in their own language.
  // The donor's one toast of it (the live notice of the same news gives way).
  await expectAlert(donor, 'पैकेट दान हो गया!', 'Rina Das आपसे मिलेंगे। धन्यवाद!');
  await expect(donor.locator('[data-state]')).toHaveText('जोड़ी बन गई');
  await expect(donor.getByText('12 भोजन', { exact: true })).toBeVisible();
  await expect(donor.locator('dd', { hasText: /^Rina Das$/ })).toBeVisible();
  await expect(donor.getByText(/आपसे मिलने की जगह तक .* किमी/)).toBeVisible();
  // The distributor's live toast before the checks on the donor's page: it goes after 5 s.
  await expectAlert(distributor, 'প্যাকেট: জুটি হয়েছে', 'দারুণ খবর! একজন দাতার সঙ্গে আপনার জুটি হয়েছে!');
  await expectAccessible(donor);
  await snap(donor, 'hi-package-paired');

  // The distributor opens it from the bell and works it through, in Bengali.
  await distributor.getByRole('button', { name: 'বিজ্ঞপ্তি, ১টি নতুন' }).click();
  const panel = distributor.getByRole('region', { name: 'বিজ্ঞপ্তি' });
  await expect(panel.getByText('১২টি খাবার', { exact: false })).toBeVisible();
  await snap(distributor, 'bn-notifications');
  await panel.getByRole('link', { name: /একজন দাতার সঙ্গে আপনার জুটি হয়েছে/ }).click();
  await expect(distributor.getByRole('heading', { name: 'প্যাকেটের বিবরণ' })).toBeVisible();
  await expect(distributor.getByText('১২টি খাবার', { exact: true })).toBeVisible();
  // The donor reads out the handover code; the distributor types it in Bengali digits.
  // The donor reads the code out (Hindi writes numbers in Latin digits); the distributor types
  // it in Bengali ones.
  const shown = (await donor.getByTestId('handover-code').textContent())?.trim() ?? '';
  expect(shown).toMatch(/^\d{4}$/);
  const bengaliCode = shown.replace(/\d/g, (d) => String.fromCharCode(0x9e6 + Number(d)));
  await tickChecklist(distributor, [
    'প্যাকেট করা ও ঢাকা আছে',
    'ঠিক তাপমাত্রায় আছে',
    'সময়ের মধ্যে আছে',
  ]);
  await distributor.getByLabel('দাতার দেওয়া কোড').fill(bengaliCode);
  await distributor.getByRole('button', { name: '“খাবার পেয়েছি” চিহ্নিত করুন' }).click();
  await expectAlert(
    distributor,
    'প্যাকেট গ্রহণ করা হয়েছে!',
    'প্যাকেটটি “খাবার পেয়েছি” হিসেবে চিহ্নিত হয়েছে।',
  );
  await expect(distributor.locator('[data-state]')).toHaveText('গ্রহণ করা হয়েছে');
  await snap(distributor, 'bn-package-received');
  await expect(donor.locator('[data-state]')).toHaveText('मिल गया');
  await expectAlert(donor, 'पैकेट: मिल गया', 'वाह! वितरक को आपका पैकेट मिल गया है!');

  await distributor.getByRole('button', { name: '“বিতরণ করেছি” চিহ্নিত করুন' }).click();
  await expectAlert(
    distributor,
    'প্যাকেট বিতরণ করা হয়েছে!',
    'সাবাশ! প্যাকেটটি বিতরণ করে দারুণ কাজ করেছেন!',
  );
  await expect(distributor.locator('[data-state]')).toHaveText('বিতরণ করা হয়েছে');
  await expect(donor.locator('[data-state]')).toHaveText('बाँट दिया गया');
  await expectAlert(donor, 'पैकेट: बाँट दिया गया', 'शानदार! आपका पैकेट लोगों में बाँट दिया गया है!');
  await expectAccessible(distributor);
  await snap(distributor, 'bn-package-distributed');

  // Notifications are said in the reader's language, old ones too when it changes.
  await donor.goto('/notifications');
  await expect(donor.getByRole('heading', { name: 'सूचनाएँ' })).toBeVisible();
  await expect(
    donor.getByRole('main').getByText('शानदार! आपका पैकेट लोगों में बाँट दिया गया है!'),
  ).toBeVisible();
  await snap(donor, 'hi-notifications');
  await donor.getByRole('button', { name: 'मेन्यू खोलें' }).click();
  await donor.getByRole('combobox', { name: 'भाषा' }).selectOption('bn');
  await expect(
    donor.getByRole('main').getByText('অসাধারণ! আপনার প্যাকেট মানুষের মধ্যে বিতরণ করা হয়েছে!'),
  ).toBeVisible();
  await expect
    .poll(async () => (await donor.request.get('/api/session')).json())
    .toMatchObject({ user: { locale: 'bn' } });
});

test('an English visitor fetches no Indic face, and the picker names हिन्दी and বাংলা in real letters', async ({
  browser,
}) => {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({
      locale: 'en-IN',
      viewport: { width, height: 800 },
    });
    const page = await context.newPage();
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await waitForPage(page);
    await page.waitForLoadState('networkidle');
    // At most the picker's own faces (about 3 KB, only where the picker is on screen), never a
    // script's whole face (97 KB).
    expect(fonts.filter((f) => /noto-sans-(?:devanagari|bengali)/.test(f))).toEqual([]);
    if (width === 1280) {
      expect(fonts.filter((f) => /language-names-/.test(f))).toHaveLength(2);
      // This machine has no Devanagari or Bengali font of its own: a letter drawn by anything but
      // the app's faces would be an empty box.
      const cdp = await context.newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      for (const [value, name] of [
        ['hi', 'हिन्दी'],
        ['bn', 'বাংলা'],
      ] as const) {
        const picker = page.getByRole('banner').getByRole('combobox');
        await picker.selectOption(value);
        await expect(picker.locator('option:checked')).toHaveText(name);
        const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
        const { nodeId } = await cdp.send('DOM.querySelector', {
          nodeId: root.nodeId,
          selector: 'header select',
        });
        const { fonts: used } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
        expect(used.length).toBeGreaterThan(0);
        expect(used.filter((f) => !f.isCustomFont)).toEqual([]);
      }
    }
    await context.close();
  }
});
