/**
 * The signed-in user: `GET /api/user` under one SWR key with one fetcher, shared by the
 * session check (route guards, header), the profile page and the reports page. A 401 means
 * "not signed in" (see `features/auth/api/authStatus.ts`).
 */
import useSWR from 'swr';
import { apiGet, startEarlyGet } from './api';
import type { Schemas, Sent } from './apiTypes';

export const USER_KEY = '/api/user';

/** The signed-in user, as `GET /api/user` returns it (`dateOfBirth`: `YYYY-MM-DD` or null). */
export type SessionUser = Sent<Schemas['UserDto'], 'dateOfBirth'>;

const NOT_CACHED = { headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' } };

/** `GET /api/user`, never served from an HTTP cache. Throws ApiError(401) when signed out. */
export function fetchUser(): Promise<SessionUser> {
  return apiGet<SessionUser>(USER_KEY, NOT_CACHED);
}

/** Starts `GET /api/user` now, for the session check that renders later (`startEarlyGet`). */
export function prefetchUser(): void {
  void startEarlyGet(USER_KEY, NOT_CACHED);
}

export interface SessionUserState {
  user: SessionUser | undefined;
  error: unknown;
  retry: () => void;
}

/** The signed-in user (`enabled` false: nothing is fetched, e.g. without the presence cookie). */
export function useSessionUser(enabled = true): SessionUserState {
  const { data, error, mutate } = useSWR<SessionUser>(enabled ? USER_KEY : null, fetchUser);
  return { user: data, error: error as unknown, retry: () => void mutate() };
}

/** The name shown for a user (the header, the name a share shows by default): "First Last", else the username (a missing part reads as empty). */
export function displayName(user: { firstName: string | null; lastName: string | null; username: string }): string {
  const full = [user.firstName, user.lastName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return full || user.username;
}
