import { useEffect } from 'react';

/**
 * Keeps the screen on while `active`, where the browser offers the Screen Wake Lock API
 * (nothing happens elsewhere, or when the browser refuses, e.g. on low battery). A lock
 * ends when the page is hidden; it is asked for again when the page is shown, and released
 * when `active` turns false or the component unmounts.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return undefined;
    let sentinel: WakeLockSentinel | null = null;
    let ended = false;
    const request = async (): Promise<void> => {
      if (document.visibilityState !== 'visible' || (sentinel !== null && !sentinel.released)) return;
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (ended) {
          await lock.release();
          return;
        }
        sentinel = lock;
      } catch {
        // Refused (not allowed, battery saver): the screen may dim, nothing else changes.
      }
    };
    const onVisibility = (): void => {
      void request();
    };
    void request();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', onVisibility);
      if (sentinel !== null && !sentinel.released) sentinel.release().catch(() => undefined);
    };
  }, [active]);
}
