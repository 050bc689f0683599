/**
 * The Trends page's spans (issue 36): Week, Month, 3 months, Year and All, each as calendar
 * days in the browser's time zone, today included (`firstDayOfLastDays`, as every "last N
 * days"). "All" is the longest span the server answers for.
 */
import { firstDayOfLastDays, isoDateDaysAgo, readingTimestamp, toIsoDate } from '../../lib/dates';

export type TrendSpan = 'week' | 'month' | 'quarter' | 'year' | 'all';

/** The server's bound (`readings::daily::MAX_SPAN_DAYS`): 20 years of days. */
export const MAX_SPAN_DAYS = 20 * 365 + 5;

export const TREND_SPANS: ReadonlyArray<{ value: TrendSpan; label: string; days: number; words: string }> = [
  { value: 'week', label: 'Week', days: 7, words: 'last 7 days' },
  { value: 'month', label: 'Month', days: 30, words: 'last 30 days' },
  { value: 'quarter', label: '3 months', days: 90, words: 'last 3 months' },
  { value: 'year', label: 'Year', days: 365, words: 'last 12 months' },
  { value: 'all', label: 'All', days: MAX_SPAN_DAYS, words: 'all your readings' },
];

export type SpanChoice = (typeof TREND_SPANS)[number];

/** A month unless asked otherwise. */
const DEFAULT_SPAN: SpanChoice = { value: 'month', label: 'Month', days: 30, words: 'last 30 days' };

/** The span a URL's `span` names, a month otherwise. */
export function spanOf(value: string | null): SpanChoice {
  return TREND_SPANS.find((s) => s.value === value) ?? DEFAULT_SPAN;
}

/** The days asked for: YYYY-MM-DD from and to (today). */
export function spanDates(days: number, now: Date): { from: string; to: string } {
  return { from: firstDayOfLastDays(days, now), to: toIsoDate(now) };
}

/**
 * The window drawn, from the first day's midnight to the end of today (a day's bar stands at
 * its noon). "All" starts at the first day with a reading, not 20 years back.
 */
export function spanWindow(days: number, now: Date, firstDay: string | undefined): { min: number; max: number } {
  const start = readingTimestamp(days === MAX_SPAN_DAYS && firstDay ? firstDay : firstDayOfLastDays(days, now), null);
  return { min: start, max: readingTimestamp(isoDateDaysAgo(-1, now), null) };
}
