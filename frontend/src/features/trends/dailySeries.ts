/**
 * What the Trends page draws from the days the server summed up (issue 36): blood pressure
 * range bars, each measure's daily values in the person's units, weight smoothed, and each
 * chart in words (its accessible name). No chart.js here.
 */
import { DAY_MS, readingTimestamp } from '../../lib/dates';
import { bloodSugarInUnit, formatBpPair, formatMmHg, weightInUnit } from '../../lib/units';
import type { DayPoint, DayRange } from '../../components/chart/DailyChart';
import { describeChart, directionOf } from '../../components/chart/direction';
import type { ChartKind, ChartSpec, Units } from '../../components/chart/measureCharts';
import type { DailyRow } from './api/dailyApi';

/** Days in the weight's moving average. */
export const SMOOTH_DAYS = 7;

/** A day's noon: its bar or point stands in the middle of the day. */
export const dayX = (date: string): number => readingTimestamp(date, '12:00');

/** The blood pressure days: lowest to highest systolic and diastolic, with the day's means. */
export function bpRanges(rows: ReadonlyArray<DailyRow>): DayRange[] {
  return rows.flatMap((r) =>
    r.systolic && r.diastolic
      ? [
          {
            x: dayX(r.date),
            systolic: [r.systolic.min, r.systolic.max],
            diastolic: [r.diastolic.min, r.diastolic.max],
            mean: { systolic: r.systolic.mean, diastolic: r.diastolic.mean },
            count: r.bpCount,
          },
        ]
      : [],
  );
}

/** Each day's mean of a measure, in the person's units (a day without it has no point). */
export function dayValues(kind: Exclude<ChartKind, 'bp'>, rows: ReadonlyArray<DailyRow>, units: Units): DayPoint[] {
  return rows.flatMap((r) => {
    const value = kind === 'hr' ? r.heartRate : kind === 'weight' ? r.weight : r.bloodSugar;
    if (value === null) return [];
    const y =
      kind === 'weight'
        ? weightInUnit(value, units.weightUnit)
        : kind === 'sugar'
          ? bloodSugarInUnit(value, units.bloodSugarUnit)
          : Math.round(value);
    return [{ x: dayX(r.date), y }];
  });
}

/**
 * The weight's moving average: on each day with a weight, the mean of the days' weights
 * within the {@link SMOOTH_DAYS} days up to it (that day included; days without a weight are
 * not guessed). It evens out the day-to-day swings of water and meals; the dots are the days.
 */
export function smoothed(points: ReadonlyArray<DayPoint>, decimals: number): DayPoint[] {
  const sorted = [...points].sort((a, b) => a.x - b.x);
  return sorted.map((p) => {
    // Half a day of slack: a daylight-saving change moves a noon by an hour.
    const window = sorted.filter((q) => q.x <= p.x && q.x > p.x - (SMOOTH_DAYS - 0.5) * DAY_MS);
    const mean = window.reduce((sum, q) => sum + q.y, 0) / window.length;
    return { x: p.x, y: Number(mean.toFixed(decimals)) };
  });
}

/** The middle of the window: its first half of days against the second (the direction). */
const middle = (min: number, max: number): number => {
  const days = Math.round((max - min) / DAY_MS);
  return min + Math.floor(days / 2) * DAY_MS;
};

/**
 * A Trends chart in words, e.g. "Blood pressure, last 30 days: latest 132/84 mmHg, range
 * 118–146 systolic, rising" (the latest day's means; the lowest and highest systolic of the
 * span; the direction of the days' means).
 */
export function describeDaily(
  spec: ChartSpec,
  span: string,
  window: { min: number; max: number },
  units: Units,
  data: { ranges: ReadonlyArray<DayRange>; points: ReadonlyArray<DayPoint> },
): string {
  const split = middle(window.min, window.max);
  if (spec.kind === 'bp') {
    const last = data.ranges[data.ranges.length - 1];
    const means = data.ranges.map((r) => ({ x: r.x, y: r.mean.systolic }));
    return describeChart({
      measure: spec.measure,
      span,
      latest: last ? `${formatBpPair(last.mean.systolic, last.mean.diastolic)} mmHg` : null,
      range: last
        ? `${formatMmHg(Math.min(...data.ranges.map((r) => r.systolic[0])))}–${formatMmHg(Math.max(...data.ranges.map((r) => r.systolic[1])))} systolic`
        : null,
      direction: directionOf(means, split, spec.band(units)),
    });
  }
  const unit = spec.unit(units);
  const decimals = spec.decimals(units);
  const last = data.points[data.points.length - 1];
  const ys = data.points.map((p) => p.y);
  return describeChart({
    measure: spec.measure,
    span,
    latest: last ? `${last.y.toFixed(decimals)} ${unit}` : null,
    range: last ? `${Math.min(...ys).toFixed(decimals)}–${Math.max(...ys).toFixed(decimals)} ${unit}` : null,
    direction: directionOf(data.points, split, spec.band(units)),
  });
}
