import type * as ChartModuleType from './TimeSeriesChart';

// Apart from LazyTimeSeriesChart.tsx (and its styles): the app's first load starts this
// download when it opens on the dashboard (features/dashboard/prefetch.ts).
type ChartModule = typeof ChartModuleType;
let chartModule: Promise<ChartModule> | undefined;

/** Starts (once) the download of chart.js and the chart component. */
export function preloadChart(): Promise<ChartModule> {
  chartModule ??= import(/* webpackChunkName: "charts" */ './TimeSeriesChart');
  return chartModule;
}
