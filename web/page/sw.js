// Scala 40 service worker: the game works offline after the first visit.
//
// scripts/build_site.py writes this file to the site's root with the two
// placeholders filled: every file the game needs (the app, the PyScript
// chunks whose names are hashed, the Pyodide core), each with the SHA-256 of
// its bytes, and a version that is a digest of them all. A new version
// installs in the background, replaces the old cache, and the page says so
// quietly on the next visit (web/page/offline.js).
//
// A new version's cache must hold that version's files, whatever cache
// headers the host sends. GitHub Pages sends `max-age=600` for every file,
// so a plain fetch while installing would take the old files from the HTTP
// cache, and the "new" version would serve the old page until the next
// release. So, per file (what Workbox's precaching does with its revisions):
// - unchanged since the cached version (same digest): copied from the old
//   cache, nothing downloaded;
// - new or changed: fetched with its digest as `integrity`, first as any fetch
//   (the browser's HTTP cache answers with the copy the page has just loaded,
//   or asks the host whether it is still current: a first visit downloads
//   the game once, not twice), then, if that copy is not the one the digest
//   names (a stale one from the HTTP cache or any cache on the way), with
//   `cache: "reload"`, past the HTTP cache and stored back into it; a copy
//   that still does not match fails the install, and the browser retries the
//   update on a later visit.
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__; // [url, "sha256-<base64>"]
const CACHE = `scala40-${VERSION}`;
const DIGESTS = "./__digests__"; // the cache's own list of [url, digest], read by the next version

self.addEventListener("install", (event) => {
  event.waitUntil(fill().then(() => self.skipWaiting()));
});

async function fill() {
  const cache = await caches.open(CACHE);
  const old = await previous();
  await Promise.all(
    PRECACHE.map(async ([url, digest]) => {
      if (old && old.digests.get(url) === digest) {
        const kept = await old.cache.match(url);
        if (kept) return cache.put(url, kept);
      }
      const response = await fetchExactly(url, digest);
      await cache.put(url, response);
    }),
  );
  await cache.put(DIGESTS, new Response(JSON.stringify(PRECACHE)));
}

// The bytes of url that digest names: from the HTTP cache if it holds them, else
// from the host.
async function fetchExactly(url, digest) {
  try {
    const response = await fetch(new Request(url, { integrity: digest }));
    if (response.ok) return response;
  } catch (error) {
    // another copy than the digest's (the integrity check failed): from the host
  }
  const response = await fetch(new Request(url, { cache: "reload", integrity: digest }));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

// The newest other version's cache and its digests, if any.
async function previous() {
  for (const key of (await caches.keys()).reverse()) {
    if (!key.startsWith("scala40-") || key === CACHE) continue;
    const cache = await caches.open(key);
    const listed = await cache.match(DIGESTS);
    if (listed) return { cache, digests: new Map(await listed.json()) };
  }
  return null;
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith("scala40-") && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// Cache first: every precached file is immutable within a version. Anything
// else (or a cache miss) goes to the network as usual.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request)),
  );
});
