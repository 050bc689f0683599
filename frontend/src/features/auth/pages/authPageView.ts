import type { AuthStatus } from '../api/authStatus';

export type AuthPageView = 'checking' | 'redirecting' | 'forms';

/**
 * What /auth shows. Signed-in visitors are redirected to the dashboard unless a redirect
 * already happened in the last 3 seconds (then the forms show: this breaks a loop).
 */
export function authPageView(status: AuthStatus, redirectAllowed: boolean): AuthPageView {
  if (status === 'loading') return 'checking';
  if ((status === 'authenticated' || status === 'offline') && redirectAllowed) return 'redirecting';
  return 'forms';
}
