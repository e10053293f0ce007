import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Writes dist/sw.js from service-worker/sw.js: the app shell to cache at install (the
 * entry script, its imports and styles, the status banner it may need offline, app.html, icons)
 * and a version that changes with every build, so browsers see a new worker (decision 013).
 */
function serviceWorker(): Plugin {
  let isSsr = false;
  return {
    name: 'almquest-service-worker',
    apply: 'build',
    configResolved(config) {
      isSsr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (isSsr) return;
      const files = Object.keys(bundle).sort();
      const shell = new Set<string>();
      const add = (fileName: string) => {
        const item = bundle[fileName];
        if (!item || shell.has(fileName)) return;
        shell.add(fileName);
        if (item.type !== 'chunk') return;
        item.imports.forEach(add);
        item.viteMetadata?.importedCss.forEach(add);
      };
      // Every page's code and styles, in every language: a page first opened offline must not
      // be a blank screen because its chunk was never fetched. (Fonts and images are not: the
      // system's fonts and no pictures do offline.)
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk' || item.fileName.endsWith('.css')) add(item.fileName);
      }
      const precache = [
        '/app.html',
        '/manifest.webmanifest',
        '/favicon.svg',
        '/icons/icon-192.png',
        ...[...shell].filter((f) => !f.endsWith('.map')).map((f) => `/${f}`),
      ];
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
      const source = readFileSync(new URL('./service-worker/sw.js', import.meta.url), 'utf8')
        .replace("const VERSION = '__VERSION__';", `const VERSION = ${JSON.stringify(version)};`)
        .replace('const PRECACHE = __PRECACHE__;', `const PRECACHE = ${JSON.stringify(precache)};`);
      if (source.includes('= __PRECACHE__') || source.includes("= '__VERSION__'"))
        throw new Error('service-worker/sw.js: the placeholders were not replaced');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

// A build is always a production build, whatever NODE_ENV the shell has (`npm start` rebuilds
// the client and would otherwise pass NODE_ENV=development on, shipping React's development code).
if (process.argv.includes('build')) process.env.NODE_ENV = 'production';

const apiPort = process.env.API_PORT ?? '8081';
const devPort = Number(process.env.DEV_PORT ?? 8080);
const api = { target: `http://localhost:${apiPort}`, changeOrigin: false };

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker()],
  server: {
    port: devPort,
    strictPort: true,
    // The API and the development sign-in provider both live on the API server.
    proxy: { '/api': api, '/dev-idp': api },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // bench/client-weight reads which files each page loads.
    manifest: true,
    // Fonts stay files of their own, however small: a face inlined into the stylesheet would be
    // paid for by every page, drawn or not (the language names' faces are under 4 KB).
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'first-page', tags: ['$initial'] }] } },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
