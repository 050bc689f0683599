import { preloadChart } from '../../../components/chart/loadChart';
import { startEarlyGet } from '../../../lib/api';
import { firstDayOfLastDaysAnywhere } from '../../../lib/dates';
import { HOME_WEEK_KEY } from '../../homeWeek/api/homeWeek';
import { MEDICATIONS_KEY } from '../../medications/api/medications';
import { PREFERENCES_KEY } from '../../../lib/preferences';
import { readingsUrl, type ReadingFilters } from '../../readings/api/readings';
import { SUBSCRIPTION_KEY } from '../../../lib/subscription';
import { LONGEST_CHART_RANGE } from '../chartRanges';

/** How many of the latest readings the dashboard lists. */
export const RECENT_COUNT = 3;

/** The dashboard's latest readings (the newest first). */
export const recentFilters = (): ReadingFilters => ({ limit: RECENT_COUNT });

/**
 * The readings the charts draw from: those of the longest range (calendar days, today
 * included), from a day that covers it in any time zone, so the URL is the one the server
 * preloads with the page (`app/routePreloads.json`); each chart cuts them to the browser's
 * days. A decade of readings stays on the server.
 */
export const trendFilters = (): ReadingFilters => ({ from: firstDayOfLastDaysAnywhere(LONGEST_CHART_RANGE) });

/**
 * Starts what the dashboard's first render asks for, when the app opens on it: the charts'
 * readings, the units they are drawn in and chart.js, and every card's data (the latest
 * readings, the subscription, the medications, the home week), all at once while the page's
 * own code downloads. The page asks for them again on mount and takes these answers, so its
 * first paint has its content: a card that drew a skeleton, then its content, pushed the
 * charts down (Lighthouse CLS 0.16 on desktop).
 */
export function prefetchDashboard(): void {
  void preloadChart();
  void startEarlyGet(readingsUrl(trendFilters()));
  void startEarlyGet(PREFERENCES_KEY);
  void startEarlyGet(readingsUrl(recentFilters()));
  void startEarlyGet(SUBSCRIPTION_KEY);
  void startEarlyGet(MEDICATIONS_KEY);
  void startEarlyGet(HOME_WEEK_KEY);
}
