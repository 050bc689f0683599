/**
 * Readings: the shared type, the API calls of spec section 7 and SWR hooks. Values are
 * canonical (weight lbs, blood sugar mg/dL); `units.ts` converts them for display. The
 * blood pressure category is the server's (`bpCategory`; see `model/bpCategory.ts`).
 */
import useSWR, { useSWRConfig, type KeyedMutator } from 'swr';
import { apiDelete, apiGet, apiGetWithHeaders, apiPatch, apiPost } from '../../../lib/api';
import type { BpSessionRequest, OriginalDto, Period, ReadingFlag, ReadingSetting, ReadingSource, Schemas, SessionDto, Sent } from '../../../lib/apiTypes';
// The home week is counted from the readings: it is refreshed with them.
import { HOME_WEEK_KEY } from '../../homeWeek/api/homeWeek';

type Measure = 'systolic' | 'diastolic' | 'heartRate' | 'weight' | 'bloodSugar' | 'notes';

/**
 * A reading as `GET /api/readings` sends it (the fields the client reads): `date` is
 * YYYY-MM-DD, `time` HH:MM (24-hour), weight in pounds, blood sugar in mg/dL, null for a
 * measure not recorded, `bpCategory` the server's category (see `model/bpCategory.ts`) and
 * `severe` its one rule (above 180 systolic or 120 diastolic). A guided measurement's
 * reading carries its `session`; its own numbers are the session's rounded averages.
 */
export type Reading = Sent<Pick<Schemas['ReadingDto'], 'id' | 'date' | 'time' | Measure | 'bpCategory' | 'severe'>, Measure> & {
  /** Typed, measured by a cuff over Bluetooth (issue 39), or imported from another app. */
  source: ReadingSource;
  /** The cuff's maker and model, or the app an import came from; null for a typed one. */
  device: string | null;
  /** What the cuff reported with it (`model/readingFlags.ts`). */
  flags: ReadingFlag[];
  /** The values the cuff measured, when a cuff reading was changed by hand. */
  original: OriginalDto | null;
  /** The guided measurement this reading is the average of (null for a single reading). */
  session: SessionDto | null;
  /** Home, or at the clinic ("office"): a clinic reading never enters the home average. */
  setting: ReadingSetting;
};

/**
 * What POST and PATCH /api/readings take; `null` for an empty measurement. `setting` is
 * left out by readings queued on a device before it existed (the server takes them as home).
 */
export type ReadingPayload = Sent<Pick<Schemas['ReadingRequest'], 'date' | 'time' | Measure>, Measure> & {
  date: string;
  time: string;
  setting?: ReadingSetting;
};

export const READINGS_KEY = '/api/readings';

/** How the form names where a reading was taken. */
export const SETTING_LABELS: Readonly<Record<ReadingSetting, string>> = { home: 'Home', office: 'At the clinic' };

/** How a guided measurement's period and a home week's slot are named. */
export const PERIOD_LABELS: Readonly<Record<Period, string>> = { morning: 'Morning', evening: 'Evening' };

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

/** GET a list URL, keeping the X-Total-Count header. */
export async function fetchReadingPage(url: string): Promise<ReadingPage> {
  const { data, headers, text } = await apiGetWithHeaders<unknown>(url);
  // A cut-off or garbled list must fail, not read as "no readings" beside a non-zero total.
  if (text !== '' && !Array.isArray(data)) throw new SyntaxError(`${url}: the readings list could not be read`);
  const readings = Array.isArray(data) ? (data as Reading[]) : [];
  const header = Number(headers.get('X-Total-Count'));
  return { readings, total: Number.isFinite(header) && header >= readings.length ? header : readings.length };
}

export const fetchReadings = (url: string): Promise<Reading[]> => apiGet<Reading[]>(url);
export const fetchReading = (id: number): Promise<Reading> => apiGet<Reading>(readingUrl(id));
/**
 * POST /api/readings. With an `Idempotency-Key` the server stores one reading however often
 * the same key and values are sent (a retry after a lost answer gets the same reading back).
 */
export const createReading = (payload: ReadingPayload, idempotencyKey?: string): Promise<Reading> =>
  apiPost<Reading>(READINGS_KEY, payload, idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : undefined);
export const updateReading = (id: number, payload: ReadingPayload): Promise<Reading> =>
  apiPatch<Reading>(readingUrl(id), payload);
/** POST /api/bp-sessions: a guided measurement, saved as one reading holding its readings' average. */
export const BP_SESSIONS_URL = '/api/bp-sessions';
export const createBpSession = (payload: BpSessionRequest): Promise<Reading> => apiPost<Reading>(BP_SESSIONS_URL, payload);
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
  if (typeof key === 'string') return key.startsWith(READINGS_KEY) || key === HOME_WEEK_KEY;
  return Array.isArray(key) && (key[0] === 'reading-page' || key[0] === 'reading-snapshot');
}

/**
 * After a create, update or delete: drops every cached reading list and page (and the home
 * week, made of them) so each screen fetches fresh data (mounted ones at once, keeping what they show meanwhile).
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
