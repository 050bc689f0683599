/**
 * What a signed-in user leaves in this browser tab while working (sessionStorage): one list
 * of keys, so signing out removes all of it on a shared device.
 */

/** The guided measurement in progress (`features/readings/guided/guidedSession.ts`). */
export const GUIDED_DRAFT_KEY = 'vitalog.guidedMeasurement';

const DRAFT_KEYS = [GUIDED_DRAFT_KEY] as const;

/** Removes every draft (on sign-out). */
export function clearDrafts(storage: Storage | undefined = globalThis.sessionStorage): void {
  for (const key of DRAFT_KEYS) {
    try {
      storage?.removeItem(key);
    } catch {
      // Storage unavailable: nothing was kept.
    }
  }
}
