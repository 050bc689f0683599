/**
 * A shared record (issue 17): what `GET /api/shared/{token}` sends, and the calls of the
 * clinician's page. None of them is an account call: the token in the URL is the only key,
 * and an access code, once given, lives in a cookie the server sets for `/api/shared/`.
 *
 * The types are the server's (OpenAPI, through `lib/apiTypes`).
 */
import useSWR, { type KeyedMutator } from 'swr';
import { apiPost } from '../../../lib/api';
import type { SharedViewDto, UnlockRequest } from '../../../lib/apiTypes';

export type {
  CategoryCountDto,
  DayPartDto,
  SharedMedicationDto,
  SharedReadingDto,
  SharedViewDto,
  StatsDto,
  SummaryDto,
  TrendDirection,
  TrendDto,
} from '../../../lib/apiTypes';

const tokenPath = (token: string): string => `/api/shared/${encodeURIComponent(token)}`;

export const sharedViewUrl = (token: string): string => tokenPath(token);
export const sharedUnlockUrl = (token: string): string => `${tokenPath(token)}/unlock`;
export const sharedPdfUrl = (token: string): string => `${tokenPath(token)}/report.pdf`;

export interface SharedViewState {
  view: SharedViewDto | undefined;
  error: unknown;
  /** True while a request runs (the first one, or a retry). */
  isLoading: boolean;
  reload: KeyedMutator<SharedViewDto>;
}

/** `GET /api/shared/{token}` (SWR, with the app's fetcher: no retries, no refetch on focus). */
export function useSharedView(token: string): SharedViewState {
  const { data, error, isValidating, mutate } = useSWR<SharedViewDto>(sharedViewUrl(token));
  return { view: data, error: error as unknown, isLoading: isValidating, reload: mutate };
}

/** `POST /api/shared/{token}/unlock`: 204 and a cookie; 401 with `errors.code`, 429, 404 throw. */
export async function unlockShare(token: string, code: string): Promise<void> {
  const body: UnlockRequest = { code };
  await apiPost<undefined>(sharedUnlockUrl(token), body);
}
