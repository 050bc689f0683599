/** History shows 10 readings a page (spec section 9); the page arithmetic is `components/pagination/pages`. */
export const PAGE_SIZE = 10;

/**
 * Time periods of the filter, in days; 3650 means all time. A period is calendar days in
 * the browser's time zone, today included (`firstDayOfLastDays`): 1 is today alone.
 */
export const PERIODS: ReadonlyArray<{ days: number; label: string }> = [
  { days: 1, label: 'Today' },
  { days: 3, label: 'Last 3 days' },
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 180, label: 'Last 180 days' },
  { days: 365, label: 'Last 365 days' },
  { days: 3650, label: 'All time' },
];
export const DEFAULT_PERIOD = 30;
export const ALL_TIME = 3650;

export const READING_TYPES = [
  { value: 'all', label: 'All readings' },
  { value: 'bp', label: 'Blood pressure' },
  { value: 'hr', label: 'Heart rate' },
  { value: 'weight', label: 'Weight' },
  { value: 'sugar', label: 'Blood sugar' },
] as const;

export type ReadingTypeValue = (typeof READING_TYPES)[number]['value'];

export function parseType(value: string | null): ReadingTypeValue {
  return READING_TYPES.find((t) => t.value === value)?.value ?? 'all';
}

export function parsePeriod(value: string | null): number {
  const days = Number(value);
  return PERIODS.some((p) => p.days === days) ? days : DEFAULT_PERIOD;
}

export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The search text as the server matches it: dates are stored as YYYY-MM-DD, while every
 * screen shows MM/DD/YYYY, so '11/20/2026' is searched as '2026-11-20' and '11/20' as
 * '-11-20'. Only a real month and day count as a date: '95/60' is a blood pressure (the
 * server matches it as systolic 95, diastolic 60; systolic is never below 70). Other text
 * is sent as typed.
 */
export function serverSearchText(text: string): string {
  const q = text.trim();
  const pad = (n: string): string => n.padStart(2, '0');
  const isMonthDay = (m: string, d: string): boolean => {
    const [month, day] = [Number(m), Number(d)];
    return month >= 1 && month <= 12 && day >= 1 && day <= 31;
  };
  const full = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(q);
  if (full && isMonthDay(full[1] ?? '', full[2] ?? '')) return `${full[3]}-${pad(full[1] ?? '')}-${pad(full[2] ?? '')}`;
  const monthDay = /^(\d{1,2})\/(\d{1,2})$/.exec(q);
  if (monthDay && isMonthDay(monthDay[1] ?? '', monthDay[2] ?? '')) return `-${pad(monthDay[1] ?? '')}-${pad(monthDay[2] ?? '')}`;
  return q;
}
