import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Benchmark, round } from './lib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'client/dist');

/** The newest modification time of any file under these folders. */
function newestChange(folders: string[]): number {
  let newest = 0;
  for (const folder of folders) {
    for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) {
        newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
      }
    }
  }
  return newest;
}
type Chunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
  src?: string;
  name?: string;
};

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;

/** The files a chunk loads before it runs: itself, its static imports, and their CSS. */
function closure(
  manifest: Record<string, Chunk>,
  key: string,
  seen = new Set<string>(),
): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/** 6. Client weight: what / and /profile load (gzip), and that map code stays on map pages. */
export const clientWeightBench: Benchmark = {
  name: 'client-weight',
  description: 'gzip JS and CSS loaded by / and /profile; total bytes for /',
  async run(report) {
    const manifestPath = path.join(dist, '.vite', 'manifest.json');
    const built = statSync(manifestPath, { throwIfNoEntry: false });
    if (!built) throw new Error('Run `npm run build` first.');
    // A build older than the sources would measure what no one gets any more.
    if (
      newestChange([path.join(root, 'client/src'), path.join(root, 'contracts/src')]) >
      built.mtimeMs
    )
      throw new Error('client/dist is older than the sources: run `npm run build` first.');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
    const home = closure(manifest, 'index.html');
    const profileKey = Object.keys(manifest).find((k) => k.endsWith('profile-page.tsx'))!;
    const profile = closure(manifest, profileKey, new Set(home));
    // Map code: the files the map loads that carry Leaflet (known by the class it gives its
    // container). Contract code the map shares with other pages is not map code.
    const mapFiles = closure(
      manifest,
      Object.keys(manifest).find((k) => k.endsWith('meet-map.tsx'))!,
    );
    for (const file of mapFiles) {
      if (
        !file.endsWith('.js') ||
        !readFileSync(path.join(dist, file), 'utf8').includes('leaflet-container')
      )
        mapFiles.delete(file);
    }
    if (mapFiles.size === 0)
      throw new Error('No file of the map carries Leaflet: the check is stale');
    const sum = (files: Set<string>, ext: string) =>
      [...files].filter((f) => f.endsWith(ext)).reduce((s, f) => s + gz(f), 0);
    const isMapLeaking = [...mapFiles].some((f) => home.has(f) || profile.has(f));
    const extras = ['index.html', 'favicon.svg'].reduce((s, f) => s + gz(f), 0);
    const homeJs = sum(home, '.js');
    const homeTotal = homeJs + sum(home, '.css') + extras;
    // What the app fetches as soon as it runs, after the page works: the frame's parts kept off
    // the first page (app/shell-routes.ts, components/ui/toast-viewport.tsx) and, once the page
    // has loaded, the worker's registration (lib/pwa.ts). Counted apart from the budget, which is
    // what the page needs before it works, so nobody reads the budget as all a visitor fetches.
    const startedAfter = new Set<string>();
    // By chunk name: the guard's module is shared with the pages that read who it let in.
    for (const name of ['require-access', 'not-found-page', 'toast-list', 'service-worker-link']) {
      const key = Object.keys(manifest).find((k) => manifest[k]!.name === name);
      if (!key) throw new Error(`No chunk named ${name} in the build: the list is stale`);
      closure(manifest, key, startedAfter);
    }
    for (const shared of home) startedAfter.delete(shared);
    report({
      benchmark: 'client-weight',
      engine: '-',
      case: '/',
      metrics: {
        'JS gzip KB': round(homeJs / 1024, 1),
        'CSS gzip KB': round(sum(home, '.css') / 1024, 1),
        'all bytes KB': round(homeTotal / 1024, 1),
        'JS fetched once it works KB': round(sum(startedAfter, '.js') / 1024, 1),
      },
      target: 'JS <= 105 KB, all <= 400 KB',
      isTargetMet: homeJs <= 105 * 1024 && homeTotal <= 400 * 1024,
    });
    // A second language: what choosing it on / loads beyond the page's own code:
    // its catalog's first part and the reader of the API's English messages (the rest of its
    // catalog comes with the pages that need it, as in English).
    for (const [locale, name] of [
      ['hi', 'Hindi'],
      ['bn', 'Bengali'],
    ] as const) {
      const added = new Set<string>();
      for (const source of [`i18n/messages/${locale}.ts`, 'i18n/server-text.ts']) {
        const key = Object.keys(manifest).find((k) => k.endsWith(source));
        if (!key) throw new Error(`No chunk for ${source} in the build`);
        closure(manifest, key, added);
      }
      for (const shared of home) added.delete(shared);
      const addedJs = sum(added, '.js');
      report({
        benchmark: 'client-weight',
        engine: '-',
        case: `/ then ${name}`,
        metrics: { 'added JS gzip KB': round(addedJs / 1024, 1) },
        target: 'adds <= 15 KB',
        isTargetMet: addedJs <= 15 * 1024,
      });
    }
    report({
      benchmark: 'client-weight',
      engine: '-',
      case: '/profile',
      metrics: {
        'JS gzip KB': round(sum(profile, '.js') / 1024, 1),
        'CSS gzip KB': round(sum(profile, '.css') / 1024, 1),
        'map code loaded': isMapLeaking ? 'yes' : 'no',
      },
      target: 'no map code',
      isTargetMet: !isMapLeaking,
    });
  },
};
