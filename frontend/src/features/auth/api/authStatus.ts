import { isNetworkError } from '../../../lib/api';
import { isSessionRefused } from '../../../lib/serverErrors';
import type { SessionUser as User } from '../../../lib/session';

/** `offline`: the server could not be reached and this device kept the user's profile (issue 19). */
export type AuthStatus = 'loading' | 'authenticated' | 'offline' | 'unauthenticated';

export interface AuthInputs {
  /** Whether the JS-readable presence cookie is there. */
  hasCookie: boolean;
  user: User | null | undefined;
  error: unknown;
  /** Whether this device kept a profile to open offline with (`lib/offlineProfile`). */
  hasOfflineProfile?: boolean;
}

/**
 * Cookie first: without the presence cookie there is no session to ask about. With it,
 * `GET /api/user` decides: a user means signed in; no answer at all (offline, server
 * unreachable) with a kept profile means offline mode; any other failure (401, 403, 5xx, or
 * no answer without a kept profile) means signed out; no answer yet means still checking.
 */
export function deriveAuthStatus({ hasCookie, user, error, hasOfflineProfile = false }: AuthInputs): AuthStatus {
  if (!hasCookie) return 'unauthenticated';
  if (user) return 'authenticated';
  if (hasOfflineProfile && isNetworkError(error)) return 'offline';
  if (error !== undefined && error !== null) return 'unauthenticated';
  return 'loading';
}

/**
 * True for the answers the spec names for "redirect to /auth" (401 and 403): signed out, or
 * refused outright; not a subscription's refusal, which says nothing of the session.
 */
export function isAuthFailure(error: unknown): boolean {
  return isSessionRefused(error);
}

/** The name shown in the header (its home is `lib/session`, beside the user it is of). */
export { displayName } from '../../../lib/session';
