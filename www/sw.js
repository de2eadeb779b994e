// duiyi's service worker: the whole app, cached on the first visit, so every view and both engines work with
// the network off. Only the static bundle registers it (www/pwa.js, when index.html carries the
// <meta name="duiyi-version"> that scripts/dist.mjs writes); `npm start` never does. The bundle also fills
// in BUILD below: the version and every file.
//
// - Install: each file of this version goes into the cache `duiyi-<version>`. A hashed name is taken from an
//   earlier version's cache when one has it (same name, same bytes), so an update downloads only what
//   changed. index.html must carry this version: a host still serving the old page makes the install fail,
//   and the browser tries again at the next visit, so a cache never mixes two versions.
// - Activate at once (skipWaiting, clients.claim): pages of the version before keep working, because its
//   cache is kept until the version after (files with hashed names cannot collide).
// - Requests: a page load and the manifest ask the host first, past the HTTP cache (so the next visit after a
//   deploy gets the new version), and fall back to this version's copies when offline or after
//   NAVIGATION_TIMEOUT_MS. Everything else comes from the caches, then the network.
// - A failed install (a file missing on the host, an old index.html) deletes its cache and tells the open
//   pages why; the browser tries again at a later visit.
//
// Design and the measured visit times: docs/publishing.md.

const BUILD = { version: 'dev', plain: [], hashed: [] }; // DIST:BUILD

const PREFIX = 'duiyi-';
const CACHE = PREFIX + BUILD.version;
const SCOPE = new URL('./', self.location.href).href;
/** How long a page load waits for the network before it is served from the cache (a slow or hanging link). */
const NAVIGATION_TIMEOUT_MS = 4000;

/** Response without the `redirected` flag (a redirected response cannot answer a page load). */
async function storable(res) {
  if (!res.redirected) return res;
  return new Response(await res.blob(), { status: res.status, statusText: res.statusText, headers: res.headers });
}

async function precache() {
  const cache = await caches.open(CACHE);
  const fetchFresh = async (url) => {
    const res = await fetch(url, { cache: 'no-cache' });
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    return storable(res);
  };
  await Promise.all([
    ...BUILD.hashed.map(async (name) => {
      const url = new URL(name, SCOPE).href;
      if (await cache.match(url)) return;
      const earlier = await caches.match(url);
      await cache.put(url, earlier ?? (await fetchFresh(url)));
    }),
    ...BUILD.plain.map(async (name) => {
      const url = new URL(name, SCOPE).href;
      const res = await fetchFresh(url);
      if (name === './') {
        const html = await res.clone().text();
        if (!html.includes(`<meta name="duiyi-version" content="${BUILD.version}">`)) {
          throw new Error(`the host serves another version of index.html than ${BUILD.version}; not installing`);
        }
      }
      await cache.put(url, res);
    }),
  ]);
}

/** Tells the open pages why this version could not be installed (www/pwa.js logs it as a warning). */
async function reportFailure(err) {
  await caches.delete(CACHE);
  for (const client of await self.clients.matchAll({ includeUncontrolled: true, type: 'window' })) {
    client.postMessage({ type: 'install-failed', version: BUILD.version, reason: String(err?.message ?? err) });
  }
  throw err;
}

self.addEventListener('install', (event) => {
  // Where the browser has the Static Routing API (Chromium 123+), the bundle's files are served from the
  // caches without starting this script at all (a returning visit then waits for no worker start-up); a file
  // in no cache goes to the network. Page loads and the manifest still come to the fetch handler below.
  try {
    event.addRoutes?.([
      { condition: { requestMode: 'navigate' }, source: 'fetch-event' },
      { condition: { urlPattern: new URLPattern({ pathname: `${new URL(SCOPE).pathname}*.*.*` }) }, source: 'cache' },
    ])?.catch?.(() => {});
  } catch {
    /* an older browser: the fetch handler serves everything */
  }
  event.waitUntil(precache().then(() => self.skipWaiting(), reportFailure));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // caches.keys() lists in creation order: keep this version and the one just before it
      const others = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE);
      await Promise.all(others.slice(0, -1).map((k) => caches.delete(k)));
      await self.clients.claim();
    })(),
  );
});

async function fromCache(request) {
  const own = await caches.open(CACHE);
  const hit = (await own.match(request)) ?? (await caches.match(request));
  return hit ?? fetch(request);
}

/**
 * Network first, for the files whose names stay put (index.html, the manifest): asked of the host itself
 * (`no-cache`: a cheap 304 when nothing changed; the HTTP cache's heuristic freshness would otherwise keep an
 * old index.html for days on hosts that send only Last-Modified). This version's cached copy when offline or
 * after NAVIGATION_TIMEOUT_MS.
 */
async function networkFirst(request, cacheKey) {
  const cached = async () => (await (await caches.open(CACHE)).match(cacheKey)) ?? Response.error();
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), NAVIGATION_TIMEOUT_MS);
  });
  try {
    // a page load's redirect (…/index.html → …/) is handed back to the browser to follow
    const redirect = request.mode === 'navigate' ? 'manual' : 'follow';
    const network = fetch(request.url, { cache: 'no-cache', credentials: 'same-origin', redirect });
    const res = await Promise.race([network, timeout]);
    if (res) return res;
  } catch {
    /* offline: the cached copy */
  } finally {
    clearTimeout(timer);
  }
  return cached();
}

const MANIFEST_URL = new URL('manifest.webmanifest', SCOPE).href;

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(SCOPE)) return;
  if (request.mode === 'navigate') event.respondWith(networkFirst(request, SCOPE));
  else if (request.url === MANIFEST_URL) event.respondWith(networkFirst(request, MANIFEST_URL));
  else event.respondWith(fromCache(request));
});

// the page asks which version this worker serves (the update notice)
self.addEventListener('message', (event) => {
  if (event.data?.type === 'version') (event.ports?.[0] ?? event.source)?.postMessage({ type: 'version', version: BUILD.version });
});
