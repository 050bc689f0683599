import useSWR, { type KeyedMutator } from 'swr';
import { apiPatch, apiPost } from '../../../lib/api';
import type { Schemas, Sent } from '../../../lib/apiTypes';
import type { CredentialJSON } from '../../../lib/passkeys';

/** The person's passkeys (issue 38), oldest first. */
export const PASSKEYS_KEY = '/api/passkeys';

export type Passkey = Sent<Schemas['PasskeyDto'], 'lastUsedAt'>;

interface PasskeyList {
  passkeys: Passkey[];
}

export function usePasskeys(): { passkeys: Passkey[] | undefined; error: unknown; mutate: KeyedMutator<PasskeyList> } {
  const { data, error, mutate } = useSWR<PasskeyList>(PASSKEYS_KEY);
  return { passkeys: data?.passkeys, error: error as unknown, mutate };
}

/** Finishes adding a passkey; named after this browser and system until the person names it. */
export const finishPasskeyRegistration = (credential: CredentialJSON): Promise<Passkey> =>
  apiPost<Passkey>('/api/passkeys/register/finish', { credential });

export const renamePasskey = (id: number, name: string): Promise<Passkey> =>
  apiPatch<Passkey>(`${PASSKEYS_KEY}/${id}`, { name });

/** Removes a passkey, confirmed by the password. */
export const removePasskey = (id: number, password: string): Promise<unknown> =>
  apiPost<unknown>(`${PASSKEYS_KEY}/${id}/remove`, { password });
