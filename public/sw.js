/*
 * The app-shell service worker (hand-written; no build plugin). It makes the app installable and
 * lets it open without a network with the data the sync engine mirrored:
 *   - navigations: network first, falling back to the cached index.html (the client routes);
 *   - /assets/ (hashed, immutable): cache first, stored on first use;
 *   - icons and the manifest: stale-while-revalidate;
 *   - /api, the realtime socket and anything cross-origin: never touched.
 * The shell's entry files are cached at install by reading index.html for its assets.
 */
const VERSION = 'v1';
const SHELL = `shell-${VERSION}`;
const ASSETS = `assets-${VERSION}`;
const INDEX = '/index.html';
const STATIC = ['/manifest.webmanifest', '/icons/icon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];

async function precache() {
  const shell = await caches.open(SHELL);
  const res = await fetch(INDEX, { cache: 'no-cache' });
  if (!res.ok) return;
  const html = await res.clone().text();
  await shell.put(INDEX, res);
  await shell.addAll(STATIC).catch(() => {});
  // The entry script, its preloaded chunks and the styles the index names.
  const urls = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  const assets = await caches.open(ASSETS);
  await Promise.all(urls.map((u) => assets.add(u).catch(() => {})));
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL, ASSETS]);
      for (const key of await caches.keys()) if (!keep.has(key)) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

async function networkFirstNavigation(request) {
  const shell = await caches.open(SHELL);
  try {
    const res = await fetch(request);
    // Every client route answers the same index.html: keep the newest copy for offline starts.
    if (res.ok && (res.headers.get('content-type') || '').includes('text/html')) await shell.put(INDEX, res.clone());
    return res;
  } catch (err) {
    const cached = await shell.match(INDEX);
    if (cached) return cached;
    throw err;
  }
}

async function cacheFirst(request) {
  const assets = await caches.open(ASSETS);
  const hit = await assets.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await assets.put(request, res.clone());
  return res;
}

async function staleWhileRevalidate(request) {
  const shell = await caches.open(SHELL);
  const hit = await shell.match(request);
  const fresh = fetch(request)
    .then((res) => {
      if (res.ok) void shell.put(request, res.clone());
      return res;
    })
    .catch(() => hit);
  return hit || fresh;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname === '/api' || url.pathname.startsWith('/app/')) return;
  if (request.mode === 'navigate') return event.respondWith(networkFirstNavigation(request));
  if (url.pathname.startsWith('/assets/')) return event.respondWith(cacheFirst(request));
  if (url.pathname.startsWith('/icons/') || url.pathname === '/manifest.webmanifest') {
    return event.respondWith(staleWhileRevalidate(request));
  }
});
