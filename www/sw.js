// Service worker: the page works offline after one visit. On install it caches every file of the build
// (the list and the build id come from pkg/build-id.js, written by `make wasm`); the cache is named after the
// build, so a new build installs beside the old one, waits until the page says to reload, then deletes the
// old cache. Requests are answered from the cache first, then from the network (and cached).

importScripts('pkg/build-id.js'); // defines self.BUILD = { id, files }

const PREFIX = 'gomoku-';
const CACHE = `${PREFIX}${self.BUILD.id}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(self.BUILD.files.map((f) => new Request(f, { cache: 'reload' })))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim(); // the first visit is served from the cache too, without a reload
  })());
});

// The page asks a waiting worker to take over when the person chooses to reload.
self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The page itself whatever its query (?lang=zh) and hash; other files by their exact address.
    const cached = request.mode === 'navigate'
      ? await cache.match('./', { ignoreSearch: true })
      : await cache.match(request, { ignoreSearch: true });
    if (cached) return cached;
    const response = await fetch(request);
    if (response.ok && request.mode !== 'navigate') cache.put(request, response.clone()); // a file the list missed
    return response;
  })());
});
