import useSWR, { type KeyedMutator } from 'swr';
import { apiDelete, apiPost } from '../../../lib/api';
import type { Schemas } from '../../../lib/apiTypes';

/** Where the person is signed in (issue 38): this session first, then the most recently active. */
export const SESSIONS_KEY = '/api/sessions';

/** One place signed in; `device` and `network` are null for a sign-in that did not note them. */
export type SignedIn = Omit<Schemas['SignedIn'], 'device' | 'network'> & { device: string | null; network: string | null };

interface SignedInList {
  sessions: SignedIn[];
}

export function useSignedIn(): { sessions: SignedIn[] | undefined; error: unknown; mutate: KeyedMutator<SignedInList> } {
  const { data, error, mutate } = useSWR<SignedInList>(SESSIONS_KEY);
  return { sessions: data?.sessions, error: error as unknown, mutate };
}

/** Signs another session out (this one ends with Sign out). */
export const endSession = (id: string): Promise<unknown> => apiDelete<unknown>(`${SESSIONS_KEY}/${encodeURIComponent(id)}`);

/** Signs out every session but this one; how many ended. */
export const endOtherSessions = async (): Promise<number> =>
  (await apiPost<Schemas['SignedOutDto']>(`${SESSIONS_KEY}/sign-out-others`)).ended;

/** What a session is called in the list and in messages ("Chrome on Android"; a session signed in before sessions noted it: as the server calls an unknown one). */
export const deviceName = (session: SignedIn): string => session.device ?? 'Another browser';
