import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadAppCatalog } from '../i18n/catalog-parts';

// A file that runs in Node (`@vitest-environment node`: build scripts) has no page to set up.
const hasPage = typeof window !== 'undefined';

// jsdom lays nothing out and cannot scroll; new pages ask it to (tests spy on this).
if (hasPage) window.scrollTo = () => undefined;

// Pages load on demand (lazy chunks); on a busy shared machine that can take over a second.
configure({ asyncUtilTimeout: 4000 });

// Components rendered on their own (not through their lazy page) need the rest of English, which
// the app loads with those pages (i18n/catalog-parts.ts).
beforeAll(() => loadAppCatalog());

afterEach(() => {
  if (!hasPage) return;
  cleanup();
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});
