/**
 * Sharing with a clinician (issue 17): the owner's calls of `/api/shares` and their SWR
 * hooks. The server writes the period's wording (`periodText`) and decides the status; the
 * client shows what it sends.
 */
import useSWR, { type KeyedMutator } from 'swr';
import { apiDelete, apiGet, apiPost } from '../../../lib/api';

// The request and answers as issue 17's contract names them, until the server's OpenAPI
// document carries them.

export type SharePeriodKind = 'since' | 'fixed' | 'rolling';
export type ShareStatus = 'active' | 'expired' | 'revoked';
export type ShareAccessKind = 'view' | 'pdf';

/** "The last N days" a share may cover, and how many days a link may live. */
export const SHARE_LAST_DAYS = [30, 90, 365] as const;
export const SHARE_LIFETIMES = [1, 7, 30, 90] as const;
export type ShareLastDays = (typeof SHARE_LAST_DAYS)[number];
export type ShareLifetime = (typeof SHARE_LIFETIMES)[number];

/** `POST /api/shares`. `from` for a "since" share, `days` for the others. */
export interface CreateShareRequest {
  label: string;
  shownName: string;
  periodKind: SharePeriodKind;
  from?: string;
  days?: ShareLastDays;
  includeHeartRate: boolean;
  includeWeight: boolean;
  includeBloodSugar: boolean;
  includeNotes: boolean;
  includeMedications: boolean;
  lifetimeDays: ShareLifetime;
  accessCode?: string;
  email?: string;
}

/** A share as the owner sees it. Instants are RFC 3339 UTC, dates YYYY-MM-DD. */
export interface ShareDto {
  id: number;
  label: string;
  shownName: string;
  periodKind: SharePeriodKind;
  from: string | null;
  to: string | null;
  days: number | null;
  periodText: string;
  includeHeartRate: boolean;
  includeWeight: boolean;
  includeBloodSugar: boolean;
  includeNotes: boolean;
  includeMedications: boolean;
  hasAccessCode: boolean;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  status: ShareStatus;
  opened: number;
  lastOpenedAt: string | null;
  emailedTo: string | null;
}

/** `POST /api/shares`' answer: the link is in it this once, never again. */
export interface CreatedShareDto {
  share: ShareDto;
  link: string;
}

/** One opening of a share: the page viewed or its PDF downloaded, and a coarse browser. */
export interface ShareAccessDto {
  at: string;
  kind: ShareAccessKind;
  browser: string;
}

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
