import useSWR from 'swr';
import { hasPresenceCookie } from '../../../lib/cookies';
import { deriveAuthStatus, type AuthStatus } from './authStatus';
import { USER_KEY, fetchUser } from './authApi';
import type { User } from './types';

export interface AuthState {
  status: AuthStatus;
  user: User | undefined;
}

/** The current user, checked cookie-first, then with `GET /api/user`. */
export function useAuth(): AuthState {
  const hasCookie = hasPresenceCookie();
  const { data, error } = useSWR<User>(hasCookie ? USER_KEY : null, fetchUser);
  return { status: deriveAuthStatus({ hasCookie, user: data, error: error as unknown }), user: data };
}
