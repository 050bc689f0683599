import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

/**
 * The one home of the service worker on the page side: registration (production builds
 * only), and "a new version is waiting" for the update prompt. The worker itself is
 * src/sw/sw.ts.
 */

/** How often an open tab asks the server for a new sw.js (a browser checks on navigations). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let updateAvailable = false;
let workbox: Workbox | null = null;
const listeners = new Set<() => void>();

function setUpdateAvailable(value: boolean): void {
  if (updateAvailable === value) return;
  updateAvailable = value;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a new version of the client is installed and waiting for a reload. */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(subscribe, () => updateAvailable, () => false);
}

/** Test seam and the registration's one writer: the update prompt shows while this is true. */
export function announceUpdate(value = true): void {
  setUpdateAvailable(value);
}

/**
 * Loads the new version: the waiting worker takes over, then this tab reloads under it.
 * Only the tab where the user asked reloads; other tabs keep their page (and whatever is
 * being typed in it) and keep offering the reload.
 */
export function applyUpdate(): void {
  const wb = workbox;
  if (!wb) {
    window.location.reload();
    return;
  }
  let reloaded = false;
  const reload = (): void => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  };
  wb.addEventListener('controlling', reload);
  // Another tab may already have activated the new worker: then there is nothing waiting
  // and this tab only needs to reload.
  void navigator.serviceWorker.getRegistration().then((registration) => {
    if (registration?.waiting) wb.messageSkipWaiting();
    else reload();
  });
}

/** Registers /sw.js after the page has loaded, so it never competes with the first paint. */
export function registerServiceWorker(): void {
  if (!__SERVICE_WORKER__ || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    void import(/* webpackChunkName: "service-worker" */ 'workbox-window')
      .then(({ Workbox: WorkboxClass }) => {
        const wb = new WorkboxClass('/sw.js', { scope: '/' });
        workbox = wb;
        // On a first visit the worker taking control is not an update.
        const hadController = navigator.serviceWorker.controller !== null;
        // Installed while an older version controls this page (or one already waits).
        wb.addEventListener('waiting', () => setUpdateAvailable(true));
        // Another tab applied the update: this page's code is now the old version.
        wb.addEventListener('controlling', (event) => {
          if (event.isExternal && hadController) setUpdateAvailable(true);
        });
        return wb.register().then(() => {
          window.setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
        });
      })
      .catch((error: unknown) => {
        // Without a worker the app still works online; only installing and offline start are lost.
        console.warn('Vitalog: the service worker could not be registered', error);
      });
  });
}
