import type { AuthStatus } from '../features/auth/api/authStatus';

export type GuardDecision = 'checking' | 'allow' | 'redirect';

/**
 * Protected routes: wait while the check runs, render for a signed-in user (or one opened
 * offline from the profile this device kept), otherwise
 * (no presence cookie, 401, 403, any failed check) send the visitor to /auth.
 */
export function protectedRouteDecision(status: AuthStatus): GuardDecision {
  switch (status) {
    case 'authenticated':
    case 'offline':
      return 'allow';
    case 'loading':
      return 'checking';
    default:
      return 'redirect';
  }
}

export const AUTH_PATH = '/auth';
