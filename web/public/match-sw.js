// The match day's service worker (decision 0039). Registered by the match screens with scope
// `/match`, so it controls those pages only: the home page, the calendar and every other drawn
// screen never start it, and their first paint is exactly what it was without it.
//
// What it keeps, in one cache:
// - each match page's HTML (network first, the kept copy when the network fails or is too slow);
// - the files those pages load from this site (hashed build files: the kept copy first, they never
//   change; translations and icons: network first). The page itself tells it, once it is
//   controlled, every file it has already loaded (`keep`), so the first visit is enough.
// It never keeps an answer of the API (`/api/`): those carry personal data and `no-store`; the
// scoring screen keeps what it needs in IndexedDB itself.
const CACHE = 'club-match-v1';
const HASHED = /\/assets\/.+[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png|webp|avif|jpg)$/;
const NAVIGATION_WAIT_MS = 4000;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('club-match-') && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** True for a GET of this site that may be kept (never the API). */
function keepable(url) {
  return url.origin === self.location.origin && !url.pathname.startsWith('/api/') && !url.pathname.endsWith('/match-sw.js');
}

/** A page is kept under its path alone: the query (`?stage=`) does not change the HTML. */
function pageKey(url) {
  return new URL(url.pathname, url.origin).href;
}

async function put(key, response) {
  if (!response || !response.ok || response.type !== 'basic') return;
  const cache = await caches.open(CACHE);
  await cache.put(key, response);
}

async function keep(urls) {
  const cache = await caches.open(CACHE);
  for (const raw of urls) {
    let url;
    try {
      url = new URL(raw, self.location.origin);
    } catch {
      continue;
    }
    if (!keepable(url)) continue;
    const isPage = url.pathname.startsWith('/match');
    const key = isPage ? pageKey(url) : url.href;
    // A hashed file never changes: kept once is kept.
    if (HASHED.test(url.pathname) && (await cache.match(key))) continue;
    try {
      await put(key, await fetch(url.href, { credentials: 'same-origin', cache: 'no-cache' }));
    } catch {
      // Offline now: what was kept stays.
    }
  }
}

// The page is told once everything it listed is kept, so it can say it is ready for no network.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep' || !Array.isArray(data.urls)) return;
  const urls = data.urls.slice(0, 400);
  event.waitUntil(
    keep(urls).then(() => {
      if (event.source) event.source.postMessage({ type: 'kept', page: data.urls[0] });
    }),
  );
});

async function fromCache(key) {
  const cache = await caches.open(CACHE);
  return cache.match(key);
}

/** The network's answer (kept for next time), or the kept copy when the network fails or stalls. */
async function networkFirst(request, key, waitMs) {
  const network = fetch(request).then(async (response) => {
    await put(key, response.clone());
    return response;
  });
  const timeout = new Promise((resolve) => setTimeout(resolve, waitMs, undefined));
  try {
    const first = await Promise.race([network, timeout]);
    if (first) return first;
    const kept = await fromCache(key);
    return kept ?? (await network);
  } catch (error) {
    const kept = await fromCache(key);
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const kept = await fromCache(request.url);
  if (kept) return kept;
  const response = await fetch(request);
  await put(request.url, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The rest of this site's requests (the API's calls, a score's PUT among them) go out as this
  // worker's own, untouched and never kept: one way to the network for everything a match page
  // asks, so that what cuts the worker's network cuts the page's too. Left to the browser's
  // fallback, a PUT of a page emulated offline once reached the server in a browser test.
  if (request.method !== 'GET' || !keepable(url)) {
    event.respondWith(fetch(request));
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, pageKey(url), NAVIGATION_WAIT_MS));
  } else if (HASHED.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request, url.href, NAVIGATION_WAIT_MS));
  }
});
