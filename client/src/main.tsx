import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { readCachedUser } from './lib/session/session';
import { loadStartingCatalog, startingLocale } from './i18n/i18n';
import { readSavedTheme } from './lib/theme';
import { startServiceWorker } from './lib/pwa';
import './index.css';
// Devanagari and Bengali glyphs for screens without them. Each face has a
// unicode-range: a browser fetches one only when a page shows that script and no system font
// before it in --font-sans has the glyphs.
import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-devanagari/700.css';
import '@fontsource/noto-sans-bengali/400.css';
import '@fontsource/noto-sans-bengali/700.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The landing page arrives prerendered for a signed-out visitor in the light theme (see
 * prerender.tsx). Only then does our first render match it and may adopt its HTML; anyone else
 * (signed in, dark theme, another page) gets a fresh render that replaces it.
 */
function matchesPrerenderedPage(): boolean {
  if (!root?.hasChildNodes() || location.pathname !== '/' || location.search !== '') return false;
  return readCachedUser() === undefined && !readSavedTheme();
}

/**
 * Starts in the reader's language: its catalog arrives before the first render (the prerendered
 * English page stays on screen meanwhile), so nobody sees English and then their language. Only
 * an English start can adopt the prerendered HTML.
 */
async function start(container: HTMLElement) {
  const locale = startingLocale();
  document.documentElement.lang = locale;
  const language = await loadStartingCatalog(locale).catch(() => loadStartingCatalog('en'));
  const app = (
    <StrictMode>
      <Providers language={language}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>
  );
  if (language.locale === 'en' && matchesPrerenderedPage()) {
    hydrateRoot(container, app, {
      onRecoverableError(error) {
        // A mismatch is repaired by rendering afresh; say so, so tests and developers notice.
        console.error('Hydration of the prerendered page failed; rendered afresh.', error);
      },
    });
  } else {
    createRoot(container).render(app);
  }
}

void start(root);
startServiceWorker();
