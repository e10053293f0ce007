import { expectAccessible, expectAlert, snap, waitForPage } from './support/helpers';
import { expect, test } from './support/fixtures';

test.describe('a visitor', () => {
  test('reads the home page, moves around, writes to us', async ({ page }) => {
    await page.goto('/');
    await waitForPage(page);
    const headings = await page.locator('main section h2, main section h1').allTextContents();
    expect(headings.slice(0, 4)).toEqual([
      'Good food belongs with people, not in the bin.',
      'About us',
      'Features',
      'What we have done together',
    ]);
    // Nothing made up is shown: no example people, partners or placeholder words.
    await expect(page.locator('body')).not.toContainText(/example|placeholder|sample/i);
    await expect(page.locator('footer')).toContainText(`© ${new Date().getFullYear()} AlmQuest`);
    // Live totals from GET /api/impact, as the server counts them.
    const impact = (await (await page.request.get('/api/impact')).json()) as {
      mealsDonated: number;
    };
    await expect(page.getByTestId('impact-meals')).toHaveText(
      new Intl.NumberFormat('en-IN').format(impact.mealsDonated),
    );
    await expect(page.getByRole('button', { name: 'Join Us in our quest' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'visitor-home');

    // Persona info from the About section.
    await page.getByRole('link', { name: 'Check Out Some More' }).click();
    await expect(page).toHaveURL(/\/personainfo$/);
    for (const title of ['Donor', 'Distributor', 'Meal']) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByText(/about half a day for one person/)).toBeVisible();
    await waitForPage(page);
    await expectAccessible(page);
    await snap(page, 'visitor-personainfo');

    // A section link from another page goes home, then scrolls to the section.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Impact' })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { name: 'What we have done together', exact: true }),
    ).toBeInViewport();

    // Contact form.
    await page.getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await waitForPage(page);
    await page.getByRole('button', { name: 'get in touch' }).click();
    await expect(page.getByLabel('Full Name')).toHaveAccessibleDescription(
      'Please enter your name',
    );
    await page.getByLabel('Full Name').fill('Kavya Rao');
    await page.getByLabel('Email address').fill('kavya@example.org');
    await page.getByLabel('Message').fill('We run a community kitchen in Pune. How do we join?');
    await expectAccessible(page);
    await snap(page, 'visitor-contact');
    await page.getByRole('button', { name: 'get in touch' }).click();
    await expectAlert(page, 'We love to hear from you', 'Thanks for your feedback.');
    await expect(page.getByLabel('Full Name')).toHaveValue('');
    await expect(page.getByLabel('Message')).toHaveValue('');
  });

  test('uses the menu on a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await waitForPage(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Features' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav.getByRole('link', { name: 'Features' })).toBeVisible();
    await nav.getByRole('link', { name: 'Features' }).click();
    const heading = page.getByRole('heading', { name: 'Features', exact: true });
    await expect(heading).toBeInViewport();
    await expect(nav.getByRole('link', { name: 'Features' })).toBeHidden();
    // It comes to rest just under the bar, not a menu's height above the screen.
    await expect
      .poll(async () => {
        const [top, bar] = await Promise.all([
          heading.evaluate((el) => el.getBoundingClientRect().top),
          page.locator('header').evaluate((el) => el.getBoundingClientRect().bottom),
        ]);
        return top >= bar && top < bar + 120;
      })
      .toBe(true);
    // Nothing is wider than the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  test('keeps dark mode after a reload', async ({ page }) => {
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) blocked.push(message.text());
    });
    await page.goto('/');
    await waitForPage(page);
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitForPage(page);
    await expectAccessible(page);
    await snap(page, 'visitor-home-dark');
  });

  test('opens dark on a device set to dark, from the first paint, until the toggle says otherwise', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    // The class as the page's own inline script left it, before the app's code ran.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { darkAtFirst: boolean }).darkAtFirst =
          document.documentElement.classList.contains('dark');
      });
    });
    await page.goto('/');
    await waitForPage(page);
    expect(
      await page.evaluate(() => (window as unknown as { darkAtFirst: boolean }).darkAtFirst),
    ).toBe(true);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.reload();
    await waitForPage(page);
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });

  test('gets the landing page as HTML, which the app then adopts instead of drawing again', async ({
    page,
  }) => {
    const hydrationErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat/i.test(message.text()))
        hydrationErrors.push(message.text());
    });
    // Remember the server's <main> before any of our scripts run.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { prerenderedMain: Element | null }).prerenderedMain =
          document.querySelector('main');
      });
    });
    await page.goto('/');
    await waitForPage(page);
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    const isSameMain = await page.evaluate(
      () =>
        (window as unknown as { prerenderedMain: Element | null }).prerenderedMain ===
        document.querySelector('main'),
    );
    expect(isSameMain).toBe(true);
    expect(hydrationErrors).toEqual([]);
  });
});

test('the landing page loads no form schemas (they come with the pages that have forms)', async ({
  page,
}) => {
  const scripts: Promise<{ url: string; body: string }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.text().then((body) => ({ url: response.url(), body })));
  });
  await page.goto('/');
  await waitForPage(page);
  const loaded = await Promise.all(scripts);
  expect(loaded.length).toBeGreaterThan(0);
  // zod names its errors ZodError; a phone formatter imported from the users contract once
  // brought every schema (27 KB gzip) onto the first page.
  expect(loaded.filter(({ body }) => body.includes('ZodError')).map(({ url }) => url)).toEqual([]);
});

test.describe('a visitor without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('still reads the landing page, once the first-load animation ends by itself', async ({
    page,
  }) => {
    await page.goto('/');
    const loader = page.getByRole('status', { name: 'Loading', exact: true });
    await expect(loader).toBeHidden({ timeout: 5000 });
    await expect(page.getByRole('link', { name: 'Join us as a Donor Now!' }).first()).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Good food belongs with people, not in the bin.' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Features', exact: true })).toBeAttached();
  });
});
