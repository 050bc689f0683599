import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { onReconnect } from '../../../lib/connection';
import { hasPresenceCookie } from '../../../lib/cookies';
import { clearOfflineProfile, readOfflineProfile, type OfflineProfile } from '../../../lib/offlineProfile';
import { useSessionUser, type SessionUser as User } from '../../../lib/session';
import { deriveAuthStatus, isAuthFailure, type AuthStatus } from './authStatus';

export interface AuthState {
  status: AuthStatus;
  user: User | undefined;
  /** The profile kept on this device: who the app is for while `status` is `offline`. */
  offlineProfile: OfflineProfile | null;
}

/** The current user, checked cookie-first, then with `GET /api/user`; offline, the kept profile. */
export function useAuth(): AuthState {
  const hasCookie = hasPresenceCookie();
  const { user, error } = useSessionUser(hasCookie);
  const offlineProfile = hasCookie ? readOfflineProfile() : null;
  const status = deriveAuthStatus({ hasCookie, user, error, hasOfflineProfile: offlineProfile !== null });
  const { mutate } = useSWRConfig();

  // The server says the session is over: the kept profile must not open the app offline later.
  const ended = isAuthFailure(error);
  useEffect(() => {
    if (ended) clearOfflineProfile();
  }, [ended]);

  // Back online after an offline start: ask again for everything that failed (user first).
  useEffect(() => {
    if (status !== 'offline') return undefined;
    return onReconnect(() => void mutate(() => true));
  }, [status, mutate]);

  return { status, user, offlineProfile };
}
