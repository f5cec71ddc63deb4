/*
 * The app's service worker (hand-written; no build plugin). After one online visit the whole app
 * opens without a network, on any screen, with the data the sync engine mirrored.
 *
 * - Precache: `vite build` replaces the placeholder below with the list of every built file and a
 *   version hashed from their contents (scripts/sw-precache.ts). Install stores them all in the
 *   cache `app-<version>` (a file whose content hash is unchanged is copied from the previous
 *   cache, not downloaded again); a failed download fails the install, so a half-stored build is
 *   never used. Activate deletes every other cache of this origin's worker.
 * - One build at a time: navigations answer the precached index.html of the *active* worker's
 *   build, and its files come from the same cache, so every tab runs the build the worker holds,
 *   and every tab of a build talks to that build's SharedWorker (its URL is hashed per build).
 *   A new build waits (it does not skip waiting) until a page asks for it: the page shows
 *   "A new version is available" and sends SKIP_WAITING once no change is left unsent
 *   (src/lib/sw-update.ts); every open tab then reloads onto the new build together, so the old
 *   SharedWorker loses its last tab and stops. The first install takes control at once (nothing
 *   older is running).
 * - /api, /uploads, /dev (the reference server's development mailbox), the realtime socket and
 *   anything cross-origin: never touched.
 */
const PRECACHE = self.__PRECACHE_MANIFEST;
const MANIFEST = typeof PRECACHE === 'object' && PRECACHE ? PRECACHE : { version: 'dev', entries: [] };
const PREFIX = 'app-';
const CACHE = `${PREFIX}${MANIFEST.version}`;
/** A cache's own record of what it holds: url -> content hash. */
const INDEX_KEY = '/__precache-index.json';
const INDEX = '/index.html';
const URLS = new Map(MANIFEST.entries.map((e) => [e.url, e.rev]));

async function previousCopies() {
  const found = new Map();
  for (const key of await caches.keys()) {
    if (key === CACHE || !key.startsWith(PREFIX)) continue;
    const cache = await caches.open(key);
    const res = await cache.match(INDEX_KEY);
    if (!res) continue;
    const index = await res.json().catch(() => ({}));
    for (const [url, rev] of Object.entries(index)) if (!found.has(`${url} ${rev}`)) found.set(`${url} ${rev}`, cache);
  }
  return found;
}

async function precache() {
  const cache = await caches.open(CACHE);
  const old = await previousCopies();
  const stored = {};
  await Promise.all(
    MANIFEST.entries.map(async ({ url, rev }) => {
      const prior = old.get(`${url} ${rev}`);
      let res = prior && (await prior.match(url));
      if (!res) {
        // Hashed assets may come from the HTTP cache; anything else is revalidated.
        res = await fetch(url, { cache: url.startsWith('/assets/') ? 'default' : 'no-cache', credentials: 'same-origin' });
        if (!res.ok) throw new Error(`precache: ${url} answered ${res.status}`);
      }
      await cache.put(url, res);
      stored[url] = rev;
    }),
  );
  await cache.put(INDEX_KEY, new Response(JSON.stringify(stored), { headers: { 'content-type': 'application/json' } }));
}

self.addEventListener('install', (event) => {
  // The build's files are answered by the browser itself from this build's cache, without starting
  // this worker or running its fetch handler (the Static Routing API; a file the cache lacks goes to
  // the network). Through the handler, a reload's 57 scripts waited about 160 ms each for it. Where
  // the API is missing, the fetch handler below answers them as before.
  try {
    event.addRoutes?.({ condition: { urlPattern: '/assets/*', requestMethod: 'GET' }, source: { cacheName: CACHE } })?.catch?.(() => {});
  } catch {
    // no static routes: the fetch handler answers
  }
  event.waitUntil(
    (async () => {
      await precache();
      await carryConfig().catch(() => {});
      // The first install has no older build to keep in step with: take over at once.
      if (!self.registration.active) await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'SKIP_WAITING') void self.skipWaiting();
  else if (data.type === 'GET_VERSION' && event.ports[0]) event.ports[0].postMessage({ version: MANIFEST.version });
});

/**
 * A notification's item (src/lib/attention.ts puts its address in `data.url`: a conversation, a
 * class) opens in a tab of the app when one is open — the focused one, else a visible one, else
 * the last used — brought forward and told where to go, so its router opens the item in place
 * (no reload: a screen with unsent work keeps it); with no tab open, in a new window. Kept on `self`
 * so a test can run it (a synthetic notificationclick may not call waitUntil).
 */
async function openNotificationTarget(url) {
  const target = new URL(url || '/home', self.location.origin);
  if (target.origin !== self.location.origin) return;
  const path = target.pathname + target.search + target.hash;
  const tabs = (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((c) => new URL(c.url).origin === self.location.origin);
  const tab = tabs.find((c) => c.focused) || tabs.find((c) => c.visibilityState === 'visible') || tabs[0];
  if (!tab) {
    await self.clients.openWindow(path);
    return;
  }
  // Focus is allowed while handling the click; refused otherwise (a test), the tab still goes there.
  await tab.focus().catch(() => {});
  tab.postMessage({ type: 'OPEN_URL', url: path });
}
self.openNotificationTarget = openNotificationTarget;

/**
 * Join Class on the "starts in 10 minutes" notification: a new window at the class's join address
 * (`/calendar?class=<id>&join=1`), whose dialog joins at once and becomes the class. A window of
 * its own, since it leaves the app for the class; opened in the click, where the browser allows it.
 */
async function openJoinTarget(url) {
  const target = new URL(url, self.location.origin);
  if (target.origin !== self.location.origin) return;
  await self.clients.openWindow(target.pathname + target.search);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  if (event.action === 'join' && data.joinUrl) event.waitUntil(openJoinTarget(data.joinUrl));
  else event.waitUntil(openNotificationTarget(data.url));
});

/** A Range request (audio, video) answered from the cached whole file. */
async function partial(res, range) {
  const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  const blob = await res.blob();
  if (!m || (!m[1] && !m[2])) return new Response(null, { status: 416, headers: { 'content-range': `bytes */${blob.size}` } });
  let start = m[1] ? Number(m[1]) : Math.max(0, blob.size - Number(m[2]));
  let end = m[1] && m[2] ? Math.min(Number(m[2]), blob.size - 1) : blob.size - 1;
  if (start >= blob.size || start > end) return new Response(null, { status: 416, headers: { 'content-range': `bytes */${blob.size}` } });
  const body = blob.slice(start, end + 1);
  const headers = new Headers(res.headers);
  headers.set('content-range', `bytes ${start}-${end}/${blob.size}`);
  headers.set('content-length', String(body.size));
  return new Response(body, { status: 206, statusText: 'Partial Content', headers });
}

async function fromPrecache(request, url) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(url);
  if (!hit) return fetch(request);
  const range = request.headers.get('range');
  return range ? partial(hit, range) : hit;
}

/** Every client route is the same index.html: the active build's, so page and code stay in step. */
async function navigation(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(INDEX);
  if (hit) return hit;
  return fetch(request);
}

/**
 * The runtime configuration (src/lib/config.ts): network-first, so a changed file applies at the next
 * load; its last copy answers offline (kept in the build's cache: fetched at install, or carried
 * from the previous build's); with neither, an empty 204 (not a 404, which the browser would log as
 * an error), which the page takes as "no file, the defaults".
 */
const CONFIG = '/config.json';
async function config(request) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(request);
    if (res.ok) await cache.put(CONFIG, res.clone());
    else if (res.status === 404) await cache.delete(CONFIG);
    return res;
  } catch {
    return (await cache.match(CONFIG)) || new Response(null, { status: 204 });
  }
}

/**
 * At install: config.json goes into the new build's cache (the page that installed the worker read
 * it before the worker controlled it), or, unreachable, the previous build's copy does.
 */
async function carryConfig() {
  const cache = await caches.open(CACHE);
  const res = await fetch(CONFIG, { cache: 'no-cache', credentials: 'same-origin' }).catch(() => null);
  if (res && res.ok) return cache.put(CONFIG, res);
  if (res && res.status === 404) return;
  for (const key of await caches.keys()) {
    if (key === CACHE || !key.startsWith(PREFIX)) continue;
    const old = await (await caches.open(key)).match(CONFIG);
    if (old) return cache.put(CONFIG, old);
  }
}

const passThrough = (path) =>
  path === '/api' || path.startsWith('/api/') || path.startsWith('/app/') || path.startsWith('/uploads/') || path.startsWith('/dev/');

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || passThrough(url.pathname)) return;
  if (url.pathname === CONFIG) return event.respondWith(config(request));
  if (URLS.has(url.pathname) && url.pathname !== INDEX) return event.respondWith(fromPrecache(request, url.pathname));
  if (request.mode === 'navigate' && !/\.[a-z0-9]+$/i.test(url.pathname)) return event.respondWith(navigation(request));
  if (url.pathname === INDEX) return event.respondWith(fromPrecache(request, INDEX));
});
