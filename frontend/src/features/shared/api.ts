/**
 * A shared record (issue 17): what `GET /api/shared/{token}` sends, and the calls of the
 * clinician's page. None of them is an account call: the token in the URL is the only key,
 * and an access code, once given, lives in a cookie the server sets for `/api/shared/`.
 *
 * The types are the contract's (issue 17's contract, "Public", as amended by the server:
 * the readings' category codes, no label, a medication note), written here until the
 * server's OpenAPI document carries them.
 */
import useSWR, { type KeyedMutator } from 'swr';
import { apiPost, isApiError } from '../../lib/api';

export type TrendDirection = 'rising' | 'falling' | 'stable';

/** Count, average (1 decimal), lowest and highest of one measure over the period. */
export interface StatsDto {
  count: number;
  average: number;
  min: number;
  max: number;
}

/** Readings before 12:00 (morning) or from 18:00 (evening), and their averages. */
export interface TimeOfDayDto {
  readings: number;
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
}

/** `category`: the readings API's codes ('normal', ..., 'stage-1', 'hypertensive-crisis'). */
export interface CategoryCountDto {
  category: string;
  label: string;
  count: number;
}

/** The change of a measure over the period: in all, and per 30 days (null for a short period). */
export interface TrendDto {
  direction: TrendDirection;
  overPeriod: number;
  per30Days: number | null;
}

export interface SharedSummaryDto {
  readings: number;
  systolic: StatsDto | null;
  diastolic: StatsDto | null;
  heartRate: StatsDto | null;
  weight: StatsDto | null;
  bloodSugar: StatsDto | null;
  morning: TimeOfDayDto;
  evening: TimeOfDayDto;
  /** Every category in guideline order, zeros included. */
  categories: CategoryCountDto[];
  trends: {
    systolic: TrendDto | null;
    diastolic: TrendDto | null;
    heartRate: TrendDto | null;
    weight: TrendDto | null;
    bloodSugar: TrendDto | null;
  };
  /** Readings above 180 systolic or 120 diastolic. */
  severe: number;
}

/** One reading, in the owner's units; `bpCategory` is the readings API's code. */
export interface SharedReadingDto {
  date: string;
  time: string;
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
  weight: number | null;
  bloodSugar: number | null;
  bpCategory: string | null;
  notes: string | null;
}

export interface SharedMedicationDto {
  name: string;
  doses: string[];
  /** e.g. 'Taken 26 of 28 scheduled doses (93%)'. */
  adherence: string;
}

export interface SharedViewDto {
  shownName: string;
  /** First and last day, YYYY-MM-DD. */
  from: string;
  to: string;
  periodText: string;
  /** RFC 3339. */
  expiresAt: string;
  generatedAt: string;
  weightUnit: 'lbs' | 'kg';
  bloodSugarUnit: 'mg/dL' | 'mmol/L';
  includeHeartRate: boolean;
  includeWeight: boolean;
  includeBloodSugar: boolean;
  includeNotes: boolean;
  includeMedications: boolean;
  summary: SharedSummaryDto;
  /** Oldest first. */
  readings: SharedReadingDto[];
  /** Null when not included. */
  medications: SharedMedicationDto[] | null;
  /** With the medications: they are the person's record, not advice (null when not included). */
  medicationNote: string | null;
}

const tokenPath = (token: string): string => `/api/shared/${encodeURIComponent(token)}`;

export const sharedViewUrl = (token: string): string => tokenPath(token);
export const sharedUnlockUrl = (token: string): string => `${tokenPath(token)}/unlock`;
export const sharedPdfUrl = (token: string): string => `${tokenPath(token)}/report.pdf`;

/** The server's 401 for a record that needs its access code (`{message, codeRequired: true}`). */
export function isCodeRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.data?.codeRequired === true;
}

/** The link is unknown, expired or withdrawn: the server says the same 404 for all three. */
export function isGone(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

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
  await apiPost<undefined>(sharedUnlockUrl(token), { code });
}
