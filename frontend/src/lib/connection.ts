import { useSyncExternalStore } from 'react';

/**
 * The one home of "is the browser online": the offline banner, the offline queue's sync and
 * the pages that need the server all read it here. `navigator.onLine` false means surely
 * offline; true only means a network exists, so callers still treat a failed request
 * (`isNetworkError`) as offline for that request.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Re-renders when the browser goes online or offline. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** Runs `callback` each time the browser comes back online; returns the unsubscribe. */
export function onReconnect(callback: () => void): () => void {
  window.addEventListener('online', callback);
  return () => window.removeEventListener('online', callback);
}
