/**
 * The page's side of the service worker, the part on the first page: says when the app is
 * offline or a new version waits, starts the registration (service-worker-link.ts) after the page
 * has loaded, and tells the worker who is signed in (whose API answers it may keep for offline
 * reading). Small on purpose.
 */

export type PwaStatus = {
  /** No network, or the last API answer came from the offline copy. */
  isOffline: boolean;
  /** A new version is installed and waits for the page to take it. */
  isUpdateReady: boolean;
};

let status: PwaStatus = { isOffline: false, isUpdateReady: false };
const listeners = new Set<() => void>();

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

/**
 * Follows the connection from the start; registers /sw.js once the page has loaded, with code
 * fetched then (nothing on the first paint waits for it, and the first page does not carry it).
 */
export function startServiceWorker(): void {
  addEventListener('online', () => set({ isOffline: false }));
  addEventListener('offline', () => set({ isOffline: true }));
  set({ isOffline: !navigator.onLine });
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () => {
    import('./service-worker-link')
      .then((link) => link.registerWorker(() => set({ isUpdateReady: true })))
      .catch((error: unknown) => console.warn('The service worker did not register.', error));
  };
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
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
