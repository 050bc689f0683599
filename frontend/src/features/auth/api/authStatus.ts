import { isApiError } from '../../../lib/api';
import type { SessionUser as User } from '../../../lib/session';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthInputs {
  /** Whether the JS-readable presence cookie is there. */
  hasCookie: boolean;
  user: User | null | undefined;
  error: unknown;
}

/**
 * Cookie first: without the presence cookie there is no session to ask about. With it,
 * `GET /api/user` decides: a user means signed in; any failure (401, 403, or anything
 * else) means signed out; no answer yet means still checking.
 */
export function deriveAuthStatus({ hasCookie, user, error }: AuthInputs): AuthStatus {
  if (!hasCookie) return 'unauthenticated';
  if (user) return 'authenticated';
  if (error !== undefined && error !== null) return 'unauthenticated';
  return 'loading';
}

/** True for the answers the spec names for "redirect to /auth": 401 and 403. */
export function isAuthFailure(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403);
}

/** The name shown in the header (its home is `lib/session`, beside the user it is of). */
export { displayName } from '../../../lib/session';
