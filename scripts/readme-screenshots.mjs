// Takes the README's screenshots from a running, seeded AlmQuest (npm run seed, then npm start):
// the landing page at 1280 px, and a package the demo donor just gave, paired with the demo
// distributor, as the donor sees it on a 390 px phone. Needs Chromium (CHROMIUM, default
// /usr/bin/chromium). Usage: node scripts/readme-screenshots.mjs [http://localhost:8080]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { donateFromPage, launchChromium } from './screenshot-tools.mjs';

const base = process.argv[2] ?? 'http://localhost:8080';
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');
const browser = await launchChromium();
try {
  const wide = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await wide.goto(base);
  await wide.getByRole('heading', { level: 1 }).waitFor();
  await wide.waitForTimeout(1500); // the first-load animation
  await wide.screenshot({ path: path.join(out, 'landing-1280.png') });

  const phone = await browser.newPage({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
  });
  await phone.goto(`${base}/api/auth/login?returnTo=/profile`);
  await phone.getByRole('button', { name: /demo donor/ }).click();
  await phone.waitForURL(/\/profile/);
  const packageId = await donateFromPage(phone, { mustPair: true });
  await phone.goto(`${base}/transaction/${packageId}`);
  await phone.getByRole('heading', { name: 'Package Details' }).waitFor();
  await phone.waitForTimeout(2500); // map tiles or their grey placeholder
  // Live toasts about the donation would cover the page: close any that came.
  for (const close of await phone.getByRole('button', { name: /dismiss|close/i }).all()) {
    await close.click().catch(() => undefined);
  }
  await phone.screenshot({ path: path.join(out, 'package-paired-donor-390.png') });
  console.log(`Wrote landing-1280.png and package-paired-donor-390.png in ${out}`);
} finally {
  await browser.close();
}
