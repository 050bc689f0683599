/**
 * Readings: the shared type, the API calls of spec section 7, SWR hooks and the blood
 * pressure category (2017 ACC/AHA). Values are canonical (weight lbs, blood sugar mg/dL);
 * `units.ts` converts them for display.
 */
import useSWR, { useSWRConfig, type KeyedMutator } from 'swr';
import { ApiError, apiDelete, apiGet, apiPatch, apiPost, type ApiErrorBody } from './api';

export interface Reading {
  id: number;
  userId?: number;
  /** YYYY-MM-DD. */
  date: string;
  /** HH:MM, 24-hour. */
  time: string;
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
  /** Pounds. */
  weight: number | null;
  /** mg/dL. */
  bloodSugar: number | null;
  notes: string | null;
}

/** What POST and PATCH /api/readings take; `null` for an empty measurement. */
export interface ReadingPayload {
  userId?: number;
  date: string;
  time: string;
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
  weight: number | null;
  bloodSugar: number | null;
  notes: string | null;
}

export const READINGS_KEY = '/api/readings';

export type ReadingType = 'all' | 'bp' | 'hr' | 'weight' | 'sugar';

export interface ReadingFilters {
  /** First date, YYYY-MM-DD (inclusive). */
  from?: string;
  /** Last date, YYYY-MM-DD (inclusive). */
  to?: string;
  type?: ReadingType;
  q?: string;
  limit?: number;
  offset?: number;
}

/** The list URL for these filters (`/api/readings` alone for the whole list). */
export function readingsUrl(filters: ReadingFilters = {}): string {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.type && filters.type !== 'all') params.set('type', filters.type);
  const q = filters.q?.trim();
  if (q) params.set('q', q);
  if (filters.limit !== undefined) params.set('limit', String(filters.limit));
  if (filters.offset) params.set('offset', String(filters.offset));
  const query = params.toString();
  return query ? `${READINGS_KEY}?${query}` : READINGS_KEY;
}

export const readingUrl = (id: number): string => `${READINGS_KEY}/${id}`;

export interface ReadingPage {
  readings: Reading[];
  /** How many readings match the filters in all (X-Total-Count). */
  total: number;
}

/** GET a list URL, keeping the X-Total-Count header (the API client drops headers). */
export async function fetchReadingPage(url: string): Promise<ReadingPage> {
  const response = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
  const text = await response.text();
  if (!response.ok) {
    let data: ApiErrorBody | null = null;
    try {
      const parsed = JSON.parse(text) as unknown;
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) data = parsed as ApiErrorBody;
    } catch {
      data = null;
    }
    throw new ApiError(response.status, text !== '' ? text : response.statusText, data);
  }
  const readings = (text === '' ? [] : JSON.parse(text)) as Reading[];
  const header = Number(response.headers.get('X-Total-Count'));
  return { readings, total: Number.isFinite(header) && header >= readings.length ? header : readings.length };
}

export const fetchReadings = (url: string): Promise<Reading[]> => apiGet<Reading[]>(url);
export const fetchReading = (id: number): Promise<Reading> => apiGet<Reading>(readingUrl(id));
export const createReading = (payload: ReadingPayload): Promise<Reading> => apiPost<Reading>(READINGS_KEY, payload);
export const updateReading = (id: number, payload: ReadingPayload): Promise<Reading> =>
  apiPatch<Reading>(readingUrl(id), payload);
export const deleteReading = (id: number): Promise<unknown> => apiDelete<unknown>(readingUrl(id));

export interface ReadingsState<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  mutate: KeyedMutator<T>;
}

/** A list of readings (newest first) for these filters. */
export function useReadings(filters: ReadingFilters = {}): ReadingsState<Reading[]> {
  const { data, error, isLoading, mutate } = useSWR<Reading[]>(readingsUrl(filters), fetchReadings, {
    keepPreviousData: true,
  });
  return { data, error: error as unknown, isLoading, mutate };
}

export interface ReadingsSnapshot {
  readings: Reading[];
  /** When the list was fetched (ms): charts end at this moment. */
  fetchedAt: number;
}

/** A list of readings and the moment it was fetched (for charts of "the last N days"). */
export function useReadingsSnapshot(filters: ReadingFilters = {}): ReadingsState<ReadingsSnapshot> {
  const { data, error, isLoading, mutate } = useSWR<ReadingsSnapshot>(
    ['reading-snapshot', readingsUrl(filters)],
    async ([, url]: [string, string]) => ({ readings: await fetchReadings(url), fetchedAt: Date.now() }),
    { keepPreviousData: true },
  );
  return { data, error: error as unknown, isLoading, mutate };
}

/** One page of readings and the total count, for paged tables. */
export function useReadingPage(filters: ReadingFilters): ReadingsState<ReadingPage> {
  const { data, error, isLoading, mutate } = useSWR<ReadingPage>(
    ['reading-page', readingsUrl(filters)],
    ([, url]: [string, string]) => fetchReadingPage(url),
    { keepPreviousData: true },
  );
  return { data, error: error as unknown, isLoading, mutate };
}

/** One reading (`id` null: nothing is fetched). */
export function useReading(id: number | null): ReadingsState<Reading> {
  const { data, error, isLoading, mutate } = useSWR<Reading>(id === null ? null : readingUrl(id), (url: string) =>
    apiGet<Reading>(url),
  );
  return { data, error: error as unknown, isLoading, mutate };
}

function isReadingsKey(key: unknown): boolean {
  if (typeof key === 'string') return key.startsWith(READINGS_KEY);
  return Array.isArray(key) && (key[0] === 'reading-page' || key[0] === 'reading-snapshot');
}

/**
 * After a create, update or delete: drops every cached reading list and page so each
 * screen fetches fresh data (mounted ones at once, keeping what they show meanwhile).
 */
export function useRefreshReadings(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return async () => {
    await mutate(isReadingsKey, undefined, { revalidate: true });
  };
}

/** Parses the `edit` query value: a positive whole number, else null (record mode). */
export function parseEditId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Blood pressure categories of the 2017 ACC/AHA guideline, lowest first. */
export type BpCategory = 'normal' | 'elevated' | 'stage-1' | 'stage-2' | 'hypertensive-crisis';

export const BP_CATEGORIES: ReadonlyArray<{ code: BpCategory; label: string; rule: string }> = [
  { code: 'normal', label: 'Normal', rule: 'Systolic below 120 and diastolic below 80' },
  { code: 'elevated', label: 'Elevated', rule: 'Systolic 120-129 and diastolic below 80' },
  { code: 'stage-1', label: 'Stage 1', rule: 'Systolic 130-139 or diastolic 80-89' },
  { code: 'stage-2', label: 'Stage 2', rule: 'Systolic 140 or higher or diastolic 90 or higher' },
  { code: 'hypertensive-crisis', label: 'Hypertensive Crisis', rule: 'Systolic above 180 and/or diastolic above 120' },
];

const RANK: Record<BpCategory, number> = {
  normal: 0,
  elevated: 1,
  'stage-1': 2,
  'stage-2': 3,
  'hypertensive-crisis': 4,
};

/** The category of one reading; when the two numbers disagree, the higher category wins. */
export function classifyBp(systolic: number, diastolic: number): BpCategory {
  const bySystolic: BpCategory =
    systolic > 180
      ? 'hypertensive-crisis'
      : systolic >= 140
        ? 'stage-2'
        : systolic >= 130
          ? 'stage-1'
          : systolic >= 120
            ? 'elevated'
            : 'normal';
  const byDiastolic: BpCategory =
    diastolic > 120 ? 'hypertensive-crisis' : diastolic >= 90 ? 'stage-2' : diastolic >= 80 ? 'stage-1' : 'normal';
  return RANK[bySystolic] >= RANK[byDiastolic] ? bySystolic : byDiastolic;
}

/** The category of a reading, when it has both blood pressure numbers. */
export function readingBpCategory(reading: Pick<Reading, 'systolic' | 'diastolic'>): BpCategory | null {
  if (reading.systolic === null || reading.diastolic === null) return null;
  return classifyBp(reading.systolic, reading.diastolic);
}

export function bpCategoryLabel(code: BpCategory): string {
  return BP_CATEGORIES.find((c) => c.code === code)?.label ?? code;
}

/** The note every category display carries: information, not a diagnosis. */
export const BP_CATEGORY_NOTE =
  'Blood pressure category from the 2017 ACC/AHA guideline, for information only, not a diagnosis. Talk to your doctor about your readings.';
