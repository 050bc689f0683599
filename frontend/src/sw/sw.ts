/// <reference lib="webworker" />
// Vitalog's service worker (built by workbox-webpack-plugin's InjectManifest into dist/sw.js).
//
// It keeps the client's own code so the app opens without a connection: index.html, the
// content-hashed scripts and styles, the icons and the manifest (self.__WB_MANIFEST, listed
// at build time with a revision per file). It never stores an answer from /api or /health:
// those hold health data, and the Cache API cannot encrypt it at rest (docs/security.md,
// "What is stored on this device"). Requests it does not precache go to the network as if
// it were not there.
import { cacheNames, clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

// A release is a new manifest: install fetches only the files whose revision changed, and
// activate deletes the entries the new manifest no longer lists.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client routes (/, /history, /s/<token>...) are answered with the cached index.html, online
// or not; the router then draws the page. /api and /health are never routes of the client.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/health(\/|$)/],
  }),
);

self.addEventListener('activate', (event) => {
  // Only the current precache survives a release (older Workbox versions' caches are removed
  // by cleanupOutdatedCaches above; this removes any other name).
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== cacheNames.precache).map((name) => caches.delete(name)))),
  );
});

// The first install takes the open pages at once (nothing was controlling them). A new
// version waits until the user picks "Reload" in the update prompt, which posts
// SKIP_WAITING: replacing the code under a page mid-form could lose what was typed.
clientsClaim();
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});
