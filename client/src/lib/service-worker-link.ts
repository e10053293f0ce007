/**
 * The registration of /sw.js and the update it may bring: fetched once the first page has
 * loaded (pwa.ts starts it), so the first page does not carry it.
 */
let registration: ServiceWorkerRegistration | null = null;

const UPDATE_CHECK_MS = 60 * 60_000;

function watch(reg: ServiceWorkerRegistration, onUpdateReady: () => void): void {
  // A worker that installs while another controls the page is a new version.
  const check = () => {
    if (reg.waiting && navigator.serviceWorker.controller) onUpdateReady();
  };
  check();
  reg.addEventListener('updatefound', () => {
    reg.installing?.addEventListener('statechange', check);
  });
  setInterval(() => void reg.update().catch(() => undefined), UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void reg.update().catch(() => undefined);
  });
}

/** Registers /sw.js and says when a new version of it waits. */
export async function registerWorker(onUpdateReady: () => void): Promise<void> {
  registration = await navigator.serviceWorker.register('/sw.js');
  watch(registration, onUpdateReady);
}

/** Takes the waiting version: the worker steps in, then the page reloads on it. */
export function applyUpdate(): void {
  const waiting = registration?.waiting;
  if (!waiting) return location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), {
    once: true,
  });
  waiting.postMessage({ type: 'skip-waiting' });
}
