// Draws the app's PNG icons (manifest, notifications, iOS home screen) from the logo's SVG with
// Debian's Chromium, so they match favicon.svg exactly. Run by hand when the logo changes:
//   node client/scripts/make-icons.mjs
// The PNGs are committed; the build does not need a browser.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const GREEN = '#15803d';
const CREAM = '#fef3c7';
/** The bowl and its steam, drawn in a 64-unit box around (32, 32). */
const mark = (colour) =>
  `<path d="M16 36h32a16 16 0 0 1-32 0z" fill="${colour}"/>` +
  `<path d="M26 14c4 4-4 8 0 12M34 12c4 4-4 8 0 12M42 14c4 4-4 8 0 12" stroke="${colour}" stroke-width="3" fill="none" stroke-linecap="round"/>`;

const icons = [
  // "any": the round logo on a clear background.
  {
    file: 'icon-192.png',
    size: 192,
    svg: `<circle cx="32" cy="32" r="30" fill="${GREEN}"/>${mark(CREAM)}`,
  },
  {
    file: 'icon-512.png',
    size: 512,
    svg: `<circle cx="32" cy="32" r="30" fill="${GREEN}"/>${mark(CREAM)}`,
  },
  // "maskable": full bleed; the mark inside the middle 80% a launcher may cut to any shape.
  {
    file: 'icon-maskable-512.png',
    size: 512,
    svg: `<rect width="64" height="64" fill="${GREEN}"/><g transform="translate(32 32) scale(0.72) translate(-32 -32)">${mark(CREAM)}</g>`,
  },
  {
    file: 'apple-touch-icon.png',
    size: 180,
    svg: `<rect width="64" height="64" fill="${GREEN}"/><g transform="translate(32 32) scale(0.8) translate(-32 -32)">${mark(CREAM)}</g>`,
  },
  // Android's status bar draws the badge's shape in one colour: white on clear.
  { file: 'badge-96.png', size: 96, svg: mark('#ffffff') },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${icon.size}" height="${icon.size}">${icon.svg}</svg></body></html>`,
    );
    const png = await page.screenshot({ omitBackground: true });
    await writeFile(path.join(out, icon.file), png);
    console.log(`Wrote ${icon.file} (${icon.size} px, ${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
