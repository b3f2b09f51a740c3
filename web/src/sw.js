// The page's service worker: it keeps the engine's files (Pyodide, the wheels, the
// engine's Python side) and the page's own in the browser's Cache API, so a later visit
// loads nothing from the network, and the page plays offline. web/build.py writes the
// build's files and a hash of their contents below: a new build is a new cache (the
// browser fetches this file again on each visit and installs a changed one), and the
// old cache is deleted once the new one is complete (not "ginrules-snapshots", where the
// engine's worker keeps a snapshot of its memory named by the files it is of).
//   the engine's files (versioned by the build): from the cache first;
//   the page's files (index.html, app.js, ...): from the network first, the cache offline.

const BUILD = "__GINRULES_BUILD__";
const ENGINE_FILES = __GINRULES_ENGINE_FILES__;
const PAGE_FILES = __GINRULES_PAGE_FILES__;
const CACHE = `ginrules-${BUILD}`;
const SNAPSHOTS = "ginrules-snapshots";  // (the worker's: see ginrules-worker.js)
const here = (path) => new URL(path, self.registration.scope).href;
const engineURLs = new Set(ENGINE_FILES.map(here));

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll([...ENGINE_FILES, ...PAGE_FILES].map(here)))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith("ginrules-") && name !== CACHE
                                                        && name !== SNAPSHOTS)
                                      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const plain = url.origin + url.pathname;  // a page's query (?seed=3) is not another file
  if (engineURLs.has(plain)) {
    event.respondWith(caches.open(CACHE).then(async (cache) =>
      (await cache.match(plain)) ?? fetch(request)));
    return;
  }
  event.respondWith(fetch(request).catch(async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(plain === here("") ? here("index.html") : plain);
    if (kept) return kept;
    throw new Error(`offline, and ${plain} is not kept`);
  }));
});
