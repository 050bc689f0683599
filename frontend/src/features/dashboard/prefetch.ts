import { preloadChart } from '../../components/chart/loadChart';
import { startEarlyGet } from '../../lib/api';
import { firstDayOfLastDaysAnywhere } from '../../lib/dates';
import { PREFERENCES_KEY } from '../../lib/preferences';
import { readingsUrl, type ReadingFilters } from '../../lib/readings';
import { LONGEST_CHART_RANGE } from './chartRanges';

/**
 * The readings the charts draw from: those of the longest range (calendar days, today
 * included), from a day that covers it in any time zone, so the URL is the one the server
 * preloads with the page (`app/routePreloads.json`); each chart cuts them to the browser's
 * days. A decade of readings stays on the server.
 */
export const trendFilters = (): ReadingFilters => ({ from: firstDayOfLastDaysAnywhere(LONGEST_CHART_RANGE) });

/**
 * Starts what the four charts wait for, when the app opens on the dashboard: their readings,
 * the units they are drawn in and chart.js, all at once and while the page's own code
 * downloads (the page asks for them again on mount and takes these answers).
 */
export function prefetchDashboard(): void {
  void preloadChart();
  void startEarlyGet(readingsUrl(trendFilters()));
  void startEarlyGet(PREFERENCES_KEY);
}
