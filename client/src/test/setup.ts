import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lays nothing out and cannot scroll; new pages ask it to (tests spy on this).
window.scrollTo = () => undefined;

// Pages load on demand (lazy chunks); on a busy shared machine that can take over a second.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});
