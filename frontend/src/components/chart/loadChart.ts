import { preloadable } from '../../lib/preloadable';
import type { TimeSeriesChartProps } from './TimeSeriesChart';
import type { DailyChartProps } from './DailyChart';

// Apart from LazyTimeSeriesChart.tsx (and its styles): the app's first load starts this
// download when it opens on the dashboard (features/dashboard/api/prefetch.ts).
const chart = preloadable<TimeSeriesChartProps>(() => import(/* webpackChunkName: "charts" */ './TimeSeriesChart').then((m) => ({ default: m.TimeSeriesChart })));

/** Starts (once) the download of chart.js and the chart component. */
export const preloadChart = chart.preload;

/** `TimeSeriesChart`, rendered at once when its code has arrived, else loaded (suspends). */
export const ChartComponent = chart.Component;

// The Trends page's day chart (floating bars): in the charts' chunk, which holds chart.js
// (webpack's `charts` cache group puts chart.js in that one chunk, whoever asks for it).
const daily = preloadable<DailyChartProps>(() =>
  import(/* webpackChunkName: "charts" */ './DailyChart').then((m) => ({ default: m.DailyChart })),
);

/** `DailyChart`, rendered at once when its code has arrived, else loaded (suspends). */
export const DailyChartComponent = daily.Component;
export const preloadDailyChart = daily.preload;
