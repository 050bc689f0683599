// Apart from chartPoints.ts (which pulls in the categories and units): the app's first
// load starts the dashboard's readings request with these (prefetch.ts).

/** Chart ranges in days (spec section 9); 7 is the default. */
export const CHART_RANGES = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
] as const;
export type ChartRange = (typeof CHART_RANGES)[number]['days'];
export const DEFAULT_CHART_RANGE: ChartRange = 7;
/** The longest range: the dashboard loads this many days of readings. */
export const LONGEST_CHART_RANGE: ChartRange = 90;
