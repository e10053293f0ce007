// After `vite build` and the server build of src/prerender.tsx: writes dist/index.html with the
// landing page already rendered inside #root, and keeps the empty page as dist/app.html, which
// the server sends for every other client route.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const client = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(client, 'dist');
const renderer = path.join(client, 'dist-prerender', 'prerender.js');
const EMPTY_ROOT = '<div id="root"></div>';

const shell = await readFile(path.join(dist, 'index.html'), 'utf8');
if (!shell.includes(EMPTY_ROOT)) throw new Error(`dist/index.html has no ${EMPTY_ROOT}`);
const { renderPage } = await import(pathToFileURL(renderer).href);
const landing = renderPage('/');
if (!landing.includes('<main')) throw new Error('The prerendered landing page has no <main>');

await writeFile(path.join(dist, 'app.html'), shell);
await writeFile(
  path.join(dist, 'index.html'),
  shell.replace(EMPTY_ROOT, `<div id="root">${landing}</div>`),
);
await rm(path.join(client, 'dist-prerender'), { recursive: true, force: true });
console.log(`Prerendered / (${Math.round(landing.length / 1024)} KB of HTML)`);
