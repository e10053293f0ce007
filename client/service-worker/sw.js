// AlmQuest's service worker (issue #18, decision 013): hand-written, no library. The build
// (vite.config.ts, serviceWorker plugin) writes it to dist/sw.js with __PRECACHE__ replaced by the
// app shell's files and __VERSION__ by a hash of the whole build, so every new build is a new
// worker that the page can offer to load.
//
// - The shell (app.html, the entry script and styles, icons) is cached at install, so the app
//   opens with no network. Other hashed files (/assets/...) are cached the first time they load.
// - Page loads go to the network first and fall back to the cached shell.
// - API reads (GET /api/...) go to the network first; the signed-in person's answers are kept in
//   a cache of their own (api-<user id>) and read from it only when the network fails. Nothing is
//   kept while nobody is signed in; the page clears it at sign-out, and signing in as someone else
//   clears the last person's. Writes (POST, PUT, PATCH, DELETE) never pass through here.
// - Push messages become notifications; tapping one opens or focuses its package page.

const VERSION = '__VERSION__';
/** @type {string[]} */
const PRECACHE = __PRECACHE__;
const SHELL_CACHE = `shell-${VERSION}`;
const ASSET_CACHE = 'assets';
const META_CACHE = 'meta';
const USER_KEY = '/__almquest/user';
const API_PREFIX = 'api-';
/** API reads that are not anybody's data, or must never come from a cache. */
const NOT_CACHED = [/^\/api\/events/, /^\/api\/places/, /^\/api\/auth\//, /^\/api\/push\//];
const OFFLINE_HEADER = 'X-AlmQuest-Offline';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('shell-') && name !== SHELL_CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'skip-waiting') {
    void self.skipWaiting();
  } else if (data.type === 'user') {
    event.waitUntil(setUser(typeof data.id === 'string' ? data.id : null));
  }
});

/**
 * Who is signed in on this browser (null: nobody), kept in a cache across worker restarts and in
 * memory while the worker runs. `generation` counts changes of person: an answer that was on its
 * way while the person changed (a sign-out) is never kept.
 */
let knownUser;
let generation = 0;

async function currentUser() {
  if (knownUser === undefined) {
    const meta = await caches.open(META_CACHE);
    const answer = await meta.match(USER_KEY);
    const stored = answer ? (await answer.text()) || null : null;
    if (knownUser === undefined) knownUser = stored;
  }
  return knownUser;
}

/** Remembers the signed-in person and forgets every other person's kept answers. */
async function setUser(id) {
  generation += 1;
  knownUser = id;
  const meta = await caches.open(META_CACHE);
  if (id) await meta.put(USER_KEY, new Response(id));
  else await meta.delete(USER_KEY);
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(API_PREFIX) && name !== `${API_PREFIX}${id}`)
      .map((name) => caches.delete(name)),
  );
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) {
    if (NOT_CACHED.some((pattern) => pattern.test(url.pathname))) return;
    event.respondWith(apiRead(request));
  } else if (request.mode === 'navigate') {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request));
  } else if (PRECACHE.includes(url.pathname)) {
    // The logo, icons and manifest: this version's copy, the network if it is missing.
    event.respondWith(
      caches.match(url.pathname, { cacheName: SHELL_CACHE }).then((kept) => kept || fetch(request)),
    );
  }
});

async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match('/app.html', { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** Hashed files never change: the cache first, the network once. */
async function asset(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const answer = await fetch(request);
  if (answer.ok) {
    const cache = await caches.open(ASSET_CACHE);
    void cache.put(request, answer.clone());
  }
  return answer;
}

async function apiRead(request) {
  const asked = generation;
  const user = await currentUser();
  try {
    const answer = await fetch(request);
    if (user && answer.status === 200 && asked === generation) {
      const copy = answer.clone();
      const cache = await caches.open(`${API_PREFIX}${user}`);
      // Checked again: the person may have signed out while the cache opened.
      if (asked === generation) await cache.put(request, copy);
    }
    return answer;
  } catch (error) {
    if (user) {
      const cache = await caches.open(`${API_PREFIX}${user}`);
      const kept = await cache.match(request);
      if (kept) {
        const headers = new Headers(kept.headers);
        headers.set(OFFLINE_HEADER, '1');
        return new Response(kept.body, { status: kept.status, headers });
      }
    }
    throw error;
  }
}

self.addEventListener('push', (event) => {
  /** @type {{title?: string, body?: string, url?: string, kind?: string, packageId?: string | null}} */
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const url = typeof message.url === 'string' ? message.url : '/notifications';
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(message.title || 'AlmQuest', {
        body: message.body || '',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        // One notification per package on the lock screen: a newer step replaces the older.
        tag: message.packageId || message.kind || 'almquest',
        renotify: true,
        requireInteraction: message.kind === 'offered',
        data: { url },
      });
      // Open tabs refresh what they show at once.
      const windows = await self.clients.matchAll({ type: 'window' });
      for (const client of windows) client.postMessage({ type: 'push', message });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/notifications', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((client) => new URL(client.url).pathname === target.pathname);
      if (same) return same.focus();
      const any = windows.find((client) => new URL(client.url).origin === target.origin);
      if (any) {
        // navigate() works only on a page this worker controls; otherwise open a new one.
        try {
          const moved = await any.navigate(target.href);
          if (moved) return moved.focus();
        } catch {
          // fall through
        }
      }
      return self.clients.openWindow(target.href);
    })(),
  );
});

// The push service renewed the subscription: tell the server the new one (the cookie goes along).
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const old = event.oldSubscription;
      const key = old && old.options ? old.options.applicationServerKey : null;
      if (!key) return;
      const next = await self.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key,
      });
      await fetch('/api/push/subscriptions', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(next.toJSON()),
      });
    })(),
  );
});
