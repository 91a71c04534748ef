const VERSION = "dev";
const FILES = ["./"];
// -- generated above --
// The lines above are rewritten on every build (scripts/lib/service-worker-manifest.sh)
// with the build's files and a version from their contents.
//
// Offline: on install, cache every file of this build; serve from the cache
// first; drop the caches of older builds once this one is active.
const CACHE = "ddz-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("ddz-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  // Pages are one document whatever the fragment: answer navigations with it.
  const key = request.mode === "navigate" ? new URL("./", self.registration.scope).href : request;
  event.respondWith(
    caches.match(key, { ignoreSearch: request.mode === "navigate" }).then(
      (hit) => hit || fetch(request)
    )
  );
});
