/**
 * `GET /api/readings/daily` (issue 36): the readings summed up day by day for the Trends
 * page, one row per day with readings, at most 20 years at a time. The URL starts with
 * `/api/readings`, so a reading saved, edited or deleted refreshes it (`useRefreshReadings`).
 */
import useSWR from 'swr';
import { apiGet } from '../../../lib/api';
import type { Schemas, Sent } from '../../../lib/apiTypes';
import { READINGS_KEY } from '../../readings/api/readings';

/** One day: counts, blood pressure spreads (both numbers only), means; canonical units. */
export type DailyRow = Sent<Schemas['DailyDto'], 'systolic' | 'diastolic' | 'heartRate' | 'weight' | 'bloodSugar'>;

export const dailyUrl = (from: string, to: string): string =>
  `${READINGS_KEY}/daily?${new URLSearchParams({ from, to }).toString()}`;

export interface DailyState {
  data: DailyRow[] | undefined;
  error: unknown;
  isLoading: boolean;
}

/** The days from `from` to `to` (YYYY-MM-DD, both included). */
export function useDaily(from: string, to: string): DailyState {
  const { data, error, isLoading } = useSWR<DailyRow[]>(dailyUrl(from, to), (url: string) => apiGet<DailyRow[]>(url), {
    keepPreviousData: true,
  });
  return { data, error: error as unknown, isLoading };
}
