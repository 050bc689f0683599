/**
 * The home monitoring week (issue 15): `GET`, `POST` and `DELETE /api/home-week`, and the
 * SWR hook the dashboard card and the week's page share. The server counts the slots,
 * averages the readings and picks the level; the client shows what it sends.
 */
import useSWR, { useSWRConfig, type KeyedMutator } from 'swr';
import { apiDelete, apiGet, apiPost } from '../../../lib/api';
import type { BpPatternDto, HomeWeekAnswerDto, HomeWeekAverageDto, HomeWeekDayDto, HomeWeekDto, Period } from '../../../lib/apiTypes';

export type HomeWeek = HomeWeekDto;
export type HomeWeekDay = HomeWeekDayDto;
export type HomeWeekAverage = HomeWeekAverageDto;
export type { Period };

export const HOME_WEEK_KEY = '/api/home-week';

/**
 * Day 1 is left out of the average (the guidelines' rule). The server's `counted` is true for
 * a day that is in the average: from day 2 on, once it holds a reading.
 */
export const isLeftOut = (day: HomeWeekDay): boolean => day.day === 1;

export const fetchHomeWeek = async (): Promise<HomeWeek | null> =>
  (await apiGet<HomeWeekAnswerDto>(HOME_WEEK_KEY)).week;

/** Starts a week today (or on `startDate`, today-6..today); 403 without a subscription. */
export const startHomeWeek = (startDate?: string): Promise<HomeWeek> =>
  apiPost<HomeWeek>(HOME_WEEK_KEY, startDate ? { startDate } : {});

/** Stops the started week that is still running (404 when there is none). */
export const stopHomeWeek = (): Promise<unknown> => apiDelete<unknown>(HOME_WEEK_KEY);

export interface HomeWeekState {
  /** The week (null: none started or recognised), undefined while loading. */
  week: HomeWeek | null | undefined;
  error: unknown;
  isLoading: boolean;
  mutate: KeyedMutator<HomeWeek | null>;
}

/** The signed-in user's home week, shared through SWR's cache. */
export function useHomeWeek(): HomeWeekState {
  const { data, error, isLoading, mutate } = useSWR<HomeWeek | null>(HOME_WEEK_KEY, fetchHomeWeek);
  return { week: data, error: error as unknown, isLoading, mutate };
}

/** Its own cache key: the week's answer also carries the clinic/home pattern, which only the week's page shows. */
export const HOME_WEEK_PATTERN_KEY = `${HOME_WEEK_KEY}#pattern`;

export const fetchHomeWeekPattern = async (): Promise<BpPatternDto | null> =>
  (await apiGet<HomeWeekAnswerDto>(HOME_WEEK_KEY)).pattern ?? null;

/** The clinic/home pattern of the week the server shows (null: none to state). */
export function useHomeWeekPattern(): BpPatternDto | null | undefined {
  return useSWR<BpPatternDto | null>(HOME_WEEK_PATTERN_KEY, fetchHomeWeekPattern).data;
}

/** Puts a week the server just answered into the cache (or drops it: `null`). */
export function useSetHomeWeek(): (week: HomeWeek | null) => Promise<void> {
  const { mutate } = useSWRConfig();
  return async (week) => {
    await mutate(HOME_WEEK_KEY, week, { revalidate: false });
  };
}
