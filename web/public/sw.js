/* global self, caches */
/**
 * The site's service worker, so the site installs as an app and starts without a network.
 * - /assets/* (file names carry their content hash): cache first.
 * - Page loads: network first; the last page shell fetched answers when the network is gone.
 * - The API, the socket, files and health checks are never cached nor answered from here.
 * Each build registers this worker as /sw.js?v=<build>; a new build takes over at once and drops the older caches.
 */
const VERSION = new URL(self.location.href).searchParams.get('v') || 'dev';
const SHELL_CACHE = `wps-shell-${VERSION}`;
const ASSET_CACHE = `wps-assets-${VERSION}`;
const SHELL_URL = '/';
const NEVER = ['/wps/', '/lgw/', '/lotto/', '/socket.io', '/api/', '/operator/', '/files/', '/health/', '/sandbox-pay/', '/internal/'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.add(new Request(SHELL_URL, { cache: 'reload' })))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== SHELL_CACHE && name !== ASSET_CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

async function pageFromNetwork(event) {
  try {
    const response = await fetch(event.request);
    const type = response.headers.get('content-type') || '';
    if (response.ok && type.includes('text/html')) {
      const copy = response.clone();
      event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(SHELL_URL, copy)));
    }
    return response;
  } catch (error) {
    const shell = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function assetFromCache(event) {
  const cache = await caches.open(ASSET_CACHE);
  const hit = await cache.match(event.request);
  if (hit) return hit;
  const response = await fetch(event.request);
  if (response.ok) event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') event.respondWith(pageFromNetwork(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(assetFromCache(event));
});
