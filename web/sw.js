// Scala 40 service worker: the game works offline after the first visit.
// Installing takes the files through the HTTP cache: the versioned runtime is
// immutable there, and the app's files are revalidated (netlify.toml).
//
// scripts/build_site.py writes this file to the site's root with the two
// placeholders filled: the list of every file the game needs (the app, the
// PyScript chunks whose names are hashed, the Pyodide core) and a version
// that changes whenever any of those files changes. A new version installs in
// the background, replaces the old cache, and the page says so quietly on the
// next visit (web/offline.js).
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const CACHE = `scala40-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

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
