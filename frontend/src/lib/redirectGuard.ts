/**
 * Redirect-loop guard for /auth: an authenticated visitor is sent to the dashboard,
 * unless such a redirect already happened within the last 3 seconds.
 */
export const REDIRECT_GUARD_KEY = 'vitalog:lastAuthRedirect';
export const REDIRECT_GUARD_MS = 3000;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** True when no redirect was recorded within the last 3 seconds. */
export function mayRedirect(now: number = Date.now(), store: Storage | undefined = storage()): boolean {
  const last = Number(store?.getItem(REDIRECT_GUARD_KEY) ?? NaN);
  if (!Number.isFinite(last)) return true;
  const elapsed = now - last;
  return elapsed < 0 || elapsed >= REDIRECT_GUARD_MS;
}

export function recordRedirect(now: number = Date.now(), store: Storage | undefined = storage()): void {
  try {
    store?.setItem(REDIRECT_GUARD_KEY, String(now));
  } catch {
    // Storage can be full or disabled; the guard then simply does not apply.
  }
}
