/**
 * Sharing with a clinician (issue 17): the owner's calls of `/api/shares` and their SWR
 * hooks. The server writes the period's wording (`periodText`) and decides the status; the
 * client shows what it sends.
 */
import useSWR, { type KeyedMutator } from 'swr';
import { apiDelete, apiGet, apiPost } from '../../../lib/api';
import type {
  CreateShareRequest,
  CreatedShareDto,
  ShareAccessDto,
  ShareDto,
  ShareLastDays,
  ShareLifetime,
} from '../../../lib/apiTypes';

export type {
  CreateShareRequest,
  CreatedShareDto,
  ShareAccessDto,
  ShareAccessKind,
  ShareDto,
  ShareLastDays,
  ShareLifetime,
  SharePeriodKind,
  ShareStatus,
} from '../../../lib/apiTypes';

/** "The last N days" a share may cover, and how many days a link may live. */
export const SHARE_LAST_DAYS: readonly ShareLastDays[] = [30, 90, 365];
export const SHARE_LIFETIMES: readonly ShareLifetime[] = [1, 7, 30, 90];

export const SHARES_KEY = '/api/shares';
export const shareUrl = (id: number): string => `${SHARES_KEY}/${id}`;
export const shareAccessesUrl = (id: number): string => `${shareUrl(id)}/accesses`;

export const createShare = (body: CreateShareRequest): Promise<CreatedShareDto> =>
  apiPost<CreatedShareDto>(SHARES_KEY, body);
export const revokeShare = (id: number): Promise<ShareDto> => apiPost<ShareDto>(`${shareUrl(id)}/revoke`);
export const deleteShare = (id: number): Promise<unknown> => apiDelete<unknown>(shareUrl(id));

/** Shares change while the page is away (a clinician opens one): fetched again when shown. */
const REVALIDATE_ON_MOUNT = { revalidateOnMount: true } as const;

export interface SharesState<T> {
  data: T | undefined;
  error: unknown;
  mutate: KeyedMutator<T>;
}

/** The owner's shares, newest first (those ended over 30 days ago are gone). */
export function useShares(): SharesState<ShareDto[]> {
  const { data, error, mutate } = useSWR<ShareDto[]>(SHARES_KEY, (url: string) => apiGet<ShareDto[]>(url), REVALIDATE_ON_MOUNT);
  return { data, error: error as unknown, mutate };
}

/** A share's access log, newest first (at most 100); `id` null: nothing is fetched. */
export function useShareAccesses(id: number | null): SharesState<ShareAccessDto[]> {
  const { data, error, mutate } = useSWR<ShareAccessDto[]>(
    id === null ? null : shareAccessesUrl(id),
    (url: string) => apiGet<ShareAccessDto[]>(url),
    REVALIDATE_ON_MOUNT,
  );
  return { data, error: error as unknown, mutate };
}
