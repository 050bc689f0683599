import { hasPresenceCookie } from '../../../lib/cookies';
import { useSessionUser, type SessionUser as User } from '../../../lib/session';
import { deriveAuthStatus, type AuthStatus } from './authStatus';

export interface AuthState {
  status: AuthStatus;
  user: User | undefined;
}

/** The current user, checked cookie-first, then with `GET /api/user`. */
export function useAuth(): AuthState {
  const hasCookie = hasPresenceCookie();
  const { user, error } = useSessionUser(hasCookie);
  return { status: deriveAuthStatus({ hasCookie, user, error }), user };
}
