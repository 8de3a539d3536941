// Pseudoku's service worker: after one visit the app works with no network.
// Every request goes to the network first, so a new build is used as soon as
// it is deployed; when the network fails, the cached copy answers. At install
// it caches the page, every file the page names (quoted or not: the page is
// minified), the script that starts the app, and the engine worker's script,
// which the page only asks for later (the worker runs the page's own module).
const CACHE = 'pseudoku-v2';
const SCRIPT_FILES = ['./boot.js', './engine.js'];

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const page = await fetch('./', { cache: 'no-store' });
    const html = await page.clone().text();
    await cache.put('./', page);
    const named = [...html.matchAll(/=["']?([^"'\s>]+\.(?:js|wasm|css|svg|webmanifest))/g)]
      .map((m) => m[1])
      .filter((url) => !/^[a-z]+:/.test(url));
    // One request per file: addAll refuses the same URL twice.
    const urls = [...named, ...SCRIPT_FILES].map((url) => new URL(url, self.registration.scope).href);
    await cache.addAll([...new Set(urls)]);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    } catch (error) {
      const cached = (await cache.match(request, { ignoreSearch: true }))
        || (request.mode === 'navigate' ? await cache.match('./') : undefined);
      if (cached) return cached;
      throw error;
    }
  })());
});
