/**
 * Which way a measure went between two spans of days (issue 36: one unusual reading flipped
 * a month's trend). Each day counts once, as the mean of its values, and the two spans are
 * compared by the median of those day means, so one outlying reading (or one busy day) moves
 * neither side much. A change within the measure's band is "about the same", and no
 * direction is stated from fewer than {@link MIN_DAYS} days on either side. No chart.js here.
 */
import { toIsoDate } from '../../lib/dates';
import { HOME_WEEK_RULES } from '../../lib/readingRules';

/**
 * Days with a value each side needs: the AHA's minimum of 3 days for a home average (AHA/AMA
 * 2020 statement on self-measured blood pressure; `rules.json` `homeWeek.minDays`), taken
 * here as the least a side can be judged by.
 */
export const MIN_DAYS = HOME_WEEK_RULES.minDays;

export type Change = 'higher' | 'lower' | 'same';

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: ReadonlyArray<number>): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Each local day's mean of the points' values (x: local timestamp), keyed by YYYY-MM-DD. */
export function dayMeans(points: ReadonlyArray<{ x: number; y: number }>): Map<string, number> {
  const sums = new Map<string, { sum: number; n: number }>();
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    const key = toIsoDate(new Date(p.x));
    const s = sums.get(key) ?? { sum: 0, n: 0 };
    s.sum += p.y;
    s.n += 1;
    sums.set(key, s);
  }
  return new Map([...sums].map(([key, s]) => [key, s.sum / s.n]));
}

/**
 * From the day means `before` to the day means `after`: 'higher' or 'lower' when their
 * medians differ by at least `band` (unrounded), else 'same'; null when either side has
 * fewer than {@link MIN_DAYS} days.
 */
export function change(before: ReadonlyArray<number>, after: ReadonlyArray<number>, band: number): Change | null {
  if (before.length < MIN_DAYS || after.length < MIN_DAYS) return null;
  const delta = median(after) - median(before);
  if (delta >= band) return 'higher';
  if (delta <= -band) return 'lower';
  return 'same';
}

/**
 * The direction of the points over a chart's window: the days before `splitAt` (a local
 * midnight, the window's middle) against the days from it on.
 */
export function directionOf(points: ReadonlyArray<{ x: number; y: number }>, splitAt: number, band: number): Change | null {
  const before: number[] = [];
  const after: number[] = [];
  const split = toIsoDate(new Date(splitAt));
  for (const [day, mean] of dayMeans(points)) (day < split ? before : after).push(mean);
  return change(before, after, band);
}

/** A chart's direction in a word (its accessible name). */
export function directionWord(c: Change | null): string {
  switch (c) {
    case 'higher':
      return 'rising';
    case 'lower':
      return 'falling';
    case 'same':
      return 'steady';
    default:
      return `too few days for a direction (${MIN_DAYS} on each half are needed)`;
  }
}

export interface ChartDescription {
  /** "Blood pressure". */
  measure: string;
  /** "last 30 days". */
  span: string;
  /** "132/84 mmHg"; null without a value. */
  latest: string | null;
  /** "118–146 systolic". */
  range: string | null;
  direction: Change | null;
}

/**
 * A chart's accessible name: what a sighted person reads off it at a glance, e.g. "Blood
 * pressure, last 30 days: latest 132/84 mmHg, range 118–146 systolic, rising".
 */
export function describeChart({ measure, span, latest, range, direction }: ChartDescription): string {
  if (latest === null) return `${measure}, ${span}: no readings`;
  return `${measure}, ${span}: latest ${latest}${range ? `, range ${range}` : ''}, ${directionWord(direction)}`;
}
