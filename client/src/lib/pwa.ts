/**
 * The page's side of the service worker: registers it after the page has loaded, tells
 * it who is signed in (whose API answers it may keep for offline reading), and says when the app
 * is offline or a new version waits. Small on purpose: it ships with the first page.
 */

export type PwaStatus = {
  /** No network, or the last API answer came from the offline copy. */
  isOffline: boolean;
  /** A new version is installed and waits for the page to take it. */
  isUpdateReady: boolean;
};

let status: PwaStatus = { isOffline: false, isUpdateReady: false };
const listeners = new Set<() => void>();
let registration: ServiceWorkerRegistration | null = null;

function set(change: Partial<PwaStatus>): void {
  const next = { ...status, ...change };
  if (next.isOffline === status.isOffline && next.isUpdateReady === status.isUpdateReady) return;
  status = next;
  listeners.forEach((listener) => listener());
}

export const pwaStatus = {
  get: (): PwaStatus => status,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The api client reports each answer: from the network, or the worker's offline copy. */
export function noteAnswer(isFromOfflineCopy: boolean): void {
  set({ isOffline: isFromOfflineCopy || !navigator.onLine });
}

const UPDATE_CHECK_MS = 60 * 60_000;

function watch(reg: ServiceWorkerRegistration): void {
  // A worker that installs while another controls the page is a new version.
  const check = () => {
    if (reg.waiting && navigator.serviceWorker.controller) set({ isUpdateReady: true });
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

/** Registers /sw.js once the page has loaded (nothing on the first paint waits for it). */
export function startServiceWorker(): void {
  addEventListener('online', () => set({ isOffline: false }));
  addEventListener('offline', () => set({ isOffline: true }));
  set({ isOffline: !navigator.onLine });
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then((reg) => {
        registration = reg;
        watch(reg);
      })
      .catch((error: unknown) => console.warn('The service worker did not register.', error));
  };
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
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

/**
 * Tells the worker who is signed in. Null (signed out) also deletes every kept API answer here,
 * so the next person on this browser reads nothing of the last one, even offline.
 */
export function setOfflineUser(id: string | null): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((reg) => reg.active?.postMessage({ type: 'user', id }))
    .catch(() => undefined);
  if (id === null && 'caches' in self) {
    void caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith('api-')).map((n) => caches.delete(n))),
      )
      .catch(() => undefined);
  }
}
