import { chromium, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPushEndpoint } from '../server/src/test/push-endpoint';
import {
  donate,
  newPerson,
  openProfile,
  register,
  type RegisterInput,
  signIn,
  snap,
  uniqueEmail,
  waitForPage,
} from './support/helpers';
import { expect, test } from './support/fixtures';

/**
 * The installable app: a valid manifest and worker, offline reading after a visit,
 * writes refused offline, and push from the "Turn on notifications" click to a notification the
 * worker shows.
 */

const donorIn = (place: RegisterInput['place']): RegisterInput => ({
  userType: 'Donor',
  phone: '98765 43210',
  place,
  distanceRange: '5',
});

/** Waits until the service worker controls the page (its first visit claims it). */
async function controlledByWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
}

test('is installable: Chromium finds a valid manifest and a registered worker', async ({
  baseURL,
}) => {
  // Chromium never calls a page in a throwaway (incognito-like) profile installable: use a real one.
  const profile = mkdtempSync(path.join(tmpdir(), 'almquest-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    const scriptURL = await page.evaluate(
      async () => (await navigator.serviceWorker.ready).active?.scriptURL,
    );
    expect(scriptURL).toBe(`${baseURL}/sw.js`);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as {
      short_name: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(parsed).toMatchObject({ short_name: 'AlmQuest', display: 'standalone' });
    expect(parsed.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of parsed.icons) {
      const res = await page.request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
    }
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
      .toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a new version is offered without a hard reload, and taken on the click', async ({
  page,
  clientDist,
}) => {
  await page.goto('/');
  await waitForPage(page);
  await controlledByWorker(page);
  const shellCaches = () =>
    page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('shell-')));
  const [oldShell] = await shellCaches();
  expect(oldShell).toMatch(/^shell-/);
  // A new build: the same worker with a new version (its compressed copies set aside, so the
  // server sends the changed file).
  const worker = path.join(clientDist, 'sw.js');
  const original = readFileSync(worker, 'utf8');
  const compressed = ['.br', '.gz'].map((ext) => `${worker}${ext}`);
  try {
    compressed.forEach((file) => renameSync(file, `${file}.aside`));
    writeFileSync(
      worker,
      original.replace(/const VERSION = "(\w+)";/, 'const VERSION = "$1next";'),
    );
    // The browser looks for a new worker on each page load.
    await page.reload();
    const banner = page.getByText('A new version of AlmQuest is ready.');
    await expect(banner).toBeVisible({ timeout: 20_000 });
    await snap(page, 'pwa-update');
    await page.getByRole('button', { name: 'Reload for the new version' }).click();
    await expect(banner).toHaveCount(0);
    await expect.poll(shellCaches, { timeout: 20_000 }).toEqual([`${oldShell}next`]);
  } finally {
    writeFileSync(worker, original);
    compressed.forEach((file) => renameSync(`${file}.aside`, file));
  }
});

test('a package page and notifications read offline after a visit; changes are refused', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const donor = await newPerson(browser, 'Meera Offline', donorIn(['Bikaner', /Bikaner/]));
  await controlledByWorker(donor);
  await donate(donor, '9');
  const packageUrl = new URL(donor.url()).pathname;
  // Read once through the worker, which keeps the signed-in person's answers.
  await donor.reload();
  await expect(donor.getByRole('heading', { name: 'Package Details' })).toBeVisible();
  const stateBefore = (await donor.locator('[data-state]').textContent())!;
  await donor.goto('/notifications');
  await expect(donor.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();

  // Meanwhile the package changes on the server (cancelled from another device).
  const elsewhere = await playwright.request.newContext({
    baseURL,
    storageState: await donor.context().storageState(),
  });
  const packageId = packageUrl.split('/').pop()!;
  const cancelled = await elsewhere.post(`/api/package/${packageId}/cancel`, { data: {} });
  expect(cancelled.status()).toBe(200);
  await elsewhere.dispose();

  await donor.context().setOffline(true);
  await donor.goto(packageUrl);
  await expect(donor.getByRole('heading', { name: 'Package Details' })).toBeVisible();
  // What it saw last, not the cancellation it cannot know of, and it says so.
  await expect(donor.locator('[data-state]')).toHaveText(stateBefore);
  await expect(
    donor.getByText(/You are offline\. Pages you opened before show what you saw last/),
  ).toBeVisible();
  await snap(donor, 'pwa-offline-package');

  // The logo comes from the worker's copy too.
  expect(
    await donor.evaluate(
      () => (document.querySelector('header img') as HTMLImageElement).naturalWidth,
    ),
  ).toBeGreaterThan(0);

  // A change is refused at once with a clear message, never queued.
  await donor.getByLabel('New travel capacity').fill('10');
  await donor.getByRole('button', { name: 'Look again' }).click();
  await expect(donor.getByText(/You are offline, so nothing was sent/).first()).toBeVisible();

  await donor.goto('/notifications');
  await expect(donor.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(
    donor.getByText(/No distributor near you can take|found a distributor/).first(),
  ).toBeVisible();

  // Back online: the truth, and signing out forgets every kept answer.
  await donor.context().setOffline(false);
  await donor.goto(packageUrl);
  await expect(donor.locator('[data-state]')).toHaveText('Cancelled');
  await donor.getByRole('button', { name: /Account menu for/ }).click();
  await donor.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect
    .poll(() =>
      donor.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('api-'))),
    )
    .toEqual([]);
});

test('a page never opened before says, offline, that it needs a connection; never a blank page', async ({
  browser,
}) => {
  const donor = await newPerson(browser, 'Kiran Offline', donorIn(['Bikaner', /Bikaner/]));
  await controlledByWorker(donor);
  await openProfile(donor);
  // A package made elsewhere: its page's code and answer were never fetched on this device.
  const me = await (await donor.request.get('/api/session')).json();
  const profile = await (await donor.request.get(`/api/donor/${me.user.id}`)).json();
  const made = await donor.request.post('/api/donor/donate', {
    headers: { Origin: new URL(donor.url()).origin },
    data: {
      donor_id: me.user.id,
      quantity: 5,
      travelCapacity: 5,
      location: profile.data.location,
    },
  });
  expect(made.status()).toBe(201);
  const packageId = ((await made.json()) as { package: { _id: string } }).package._id;

  await donor.context().setOffline(true);
  await donor.goto(`/transaction/${packageId}`);
  await expect(donor.getByText(/You are offline/).first()).toBeVisible();
  // The page's code came from the worker; what it has no copy of, it says plainly.
  await expect(donor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(donor.locator('main')).not.toBeEmpty();
  await snap(donor, 'pwa-offline-never-opened');

  // Signed out, offline: the package page does not pretend to show what was seen last.
  await donor.context().setOffline(false);
  await donor.getByRole('button', { name: /Account menu for/ }).click();
  await donor.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(donor.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await donor.context().setOffline(true);
  await donor.goto(`/transaction/${packageId}`);
  await expect(donor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(donor.locator('main')).not.toBeEmpty();
  await donor.context().setOffline(false);
});

test('turning on notifications subscribes this device; a pairing arrives as a push the worker shows', async ({
  browser,
  baseURL,
  pushPort,
}) => {
  const service = await startPushEndpoint(pushPort);
  try {
    const device = service.device();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.grantPermissions(['notifications'], { origin: baseURL });
    // No real push service is reachable from this machine, so this browser subscribes with the
    // test's local one: a real HTTP push service that checks the VAPID signature and decrypts
    // what the server sends with the keys below. Only the browser's pick of service is replaced.
    await context.addInitScript((subscription) => {
      const key = 'test-push-subscribed';
      const made = {
        endpoint: subscription.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null as ArrayBuffer | null },
        toJSON: () => ({
          endpoint: subscription.endpoint,
          expirationTime: null,
          keys: subscription.keys,
        }),
        getKey: () => null,
        unsubscribe: async () => {
          localStorage.removeItem(key);
          return true;
        },
      };
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const serverKey = options?.applicationServerKey as Uint8Array;
        made.options.applicationServerKey = serverKey.slice().buffer;
        localStorage.setItem(key, btoa(String.fromCharCode(...serverKey)));
        return made as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        const saved = localStorage.getItem(key);
        if (!saved) return null;
        made.options.applicationServerKey = Uint8Array.from(atob(saved), (c) =>
          c.charCodeAt(0),
        ).buffer;
        return made as unknown as PushSubscription;
      };
    }, device.subscription);

    const bhopal: RegisterInput['place'] = ['Bhopal', /Bhopal, Madhya Pradesh/];
    const page = await context.newPage();
    await page.goto('/');
    await waitForPage(page);
    await signIn(page, uniqueEmail('push'), 'Salma Push');
    await register(page, {
      userType: 'Distributor',
      phone: '91234 56789',
      place: bhopal,
      distanceRange: '10',
      maxCapacity: '60',
    });
    await controlledByWorker(page);

    // The bell offers it; permission is asked only on this click (granted above).
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    await expect(panel.getByText('Notifications are on for this device.')).toBeVisible();
    await page.keyboard.press('Escape');

    await openProfile(page);
    const settings = page.getByRole('region', { name: 'How we reach you' });
    await expect(settings.getByText('Notifications are on for this device.')).toBeVisible();
    await expect(
      settings.getByRole('checkbox', { name: 'Push notifications' }).first(),
    ).toBeChecked();
    await snap(page, 'pwa-settings');

    const donor = await newPerson(browser, 'Imran Donor', donorIn(bhopal));
    await donate(donor, '11');
    const packageId = new URL(donor.url()).pathname.split('/').pop()!;
    await service.waitFor(() => service.received.some((p) => p.device === device.id), 20_000);
    const push = service.received.find((p) => p.device === device.id)!;
    expect(push.message.body).toContain('Hurray! We have assigned you to a donor!');
    expect(push.message.body).toContain('11 meals');
    expect(push.message.url).toBe(`${baseURL}/transaction/${packageId}`);

    // Hand the decrypted message to the worker as the browser would, and look at what it shows.
    const cdp = await context.newCDPSession(page);
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
      void cdp.send('ServiceWorker.enable');
    });
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL!,
      registrationId,
      data: JSON.stringify(push.message),
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            url: (n.data as { url: string }).url,
          })),
        ),
      )
      .toEqual([
        {
          title: 'AlmQuest',
          body: push.message.body,
          tag: packageId,
          url: `${baseURL}/transaction/${packageId}`,
        },
      ]);

    // Turned off from the profile: the server forgets the device.
    await settings.getByRole('button', { name: 'Turn off notifications on this device' }).click();
    await expect(
      settings.getByText('Get offers and updates on this device even when AlmQuest is closed.'),
    ).toBeVisible();
    const before = service.received.length;
    const donor2 = await newPerson(browser, 'Farah Donor', donorIn(bhopal));
    await donate(donor2, '5');
    await page.waitForTimeout(2000);
    expect(service.received.length).toBe(before);
  } finally {
    await service.close();
  }
});
