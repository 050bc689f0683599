/** Helpers of the time axis and the tooltip throttle (no chart.js here: cheap to test). */
import { startOfLastDays } from '../../lib/dates';

/** Chart tooltips follow the pointer at most this many times a second. */
export const TOOLTIP_FPS = 60;

/**
 * A throttle gate: `allow(now)` is true at most once per `intervalMs` (the first call is
 * always allowed).
 */
export function createThrottle(intervalMs: number): (now: number) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return (now: number) => {
    if (now - last < intervalMs) return false;
    last = now;
    return true;
  };
}

/** Days between two x-axis ticks: about 7 labels whatever the range. */
export function tickStepDays(rangeDays: number): number {
  if (rangeDays <= 7) return 1;
  if (rangeDays <= 30) return 5;
  return 15;
}

/** Local midnights in [min, max], every `stepDays` days, counted back from the last one. */
export function dayTicks(min: number, max: number, stepDays: number): number[] {
  const end = new Date(max);
  const ticks: number[] = [];
  for (let back = 0; ; back += stepDays) {
    const t = new Date(end.getFullYear(), end.getMonth(), end.getDate() - back).getTime();
    if (t < min) break;
    ticks.push(t);
  }
  return ticks.reverse();
}


/**
 * The x window of a chart of the last `rangeDays` days: calendar days in the browser's time
 * zone, today included (`firstDayOfLastDays`), from the first day's midnight to now, or to
 * the latest point when a reading of today carries a later time (no point is left off).
 */
export function timeWindow(rangeDays: number, now: number, latest: number = now): { min: number; max: number } {
  return { min: startOfLastDays(rangeDays, new Date(now)), max: Math.max(now, latest) };
}
