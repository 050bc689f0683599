/**
 * The time axis of the Trends page's charts (issue 36: the 2-year chart had no years): day
 * ticks for spans up to a few months, month ticks beyond, and the year under the first tick
 * and under the first tick of every new year whenever the window crosses a year. No chart.js.
 */
import { DAY_MS, formatMonthDay, formatMonthShort } from '../../lib/dates';
import { dayTicks, tickStepDays } from './timeAxis';

export interface TrendTick {
  value: number;
  /** One line, or two (the year under the day or month). */
  label: string | string[];
}

/** Spans longer than this many days get month ticks. */
const DAY_TICKS_UP_TO = 120;
/** About this many labels at most on a long axis. */
const MAX_MONTH_LABELS = 8;
const MONTH_STEPS = [1, 2, 3, 6, 12] as const;

/** Local midnights of the first of each `step`th month (counted from January) within [min, max]. */
function monthTicks(min: number, max: number, step: number): number[] {
  const start = new Date(min);
  const ticks: number[] = [];
  for (let d = new Date(start.getFullYear(), start.getMonth(), 1); d.getTime() <= max; d = new Date(d.getFullYear(), d.getMonth() + 1, 1)) {
    if (d.getTime() >= min && d.getMonth() % step === 0) ticks.push(d.getTime());
  }
  return ticks;
}

/** The ticks of the window [min, max) (local timestamps; `max` the midnight after its last day). */
export function trendTicks(min: number, max: number): TrendTick[] {
  const spanDays = Math.max(1, Math.round((max - min) / DAY_MS));
  let values: number[];
  let text: (t: number) => string;
  if (spanDays <= DAY_TICKS_UP_TO) {
    // The window ends at the midnight after its last day: that midnight is not a day of it.
    values = dayTicks(min, max - 1, tickStepDays(spanDays));
    text = formatMonthDay;
  } else {
    const months = spanDays / 30.4;
    const step = MONTH_STEPS.find((s) => months / s <= MAX_MONTH_LABELS) ?? 12;
    values = monthTicks(min, max, step);
    text = formatMonthShort;
  }
  const crossesYears = new Date(min).getFullYear() !== new Date(max).getFullYear();
  let lastYear: number | null = null;
  return values.map((value) => {
    const year = new Date(value).getFullYear();
    const showYear = crossesYears && year !== lastYear;
    lastYear = year;
    return { value, label: showYear ? [text(value), String(year)] : text(value) };
  });
}
