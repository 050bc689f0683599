/**
 * The dashboard's answer to "how is my blood pressure?" (issue 36): the 7-day average of the
 * home readings and the direction since the 7 days before, as Apple Health and Withings open
 * with. Averages are unrounded here; they are rounded once, at display (`formatBpPair`).
 */
import { firstDayOfLastDays } from '../../lib/dates';
import type { Reading } from '../readings/api/readings';
import { BP_BANDS } from '../../components/chart/measureCharts';
import { MIN_DAYS, change, type Change } from '../../components/chart/direction';

/** Days in "this week" and in "the week before". */
export const WEEK_DAYS = 7;

export interface BpAverage {
  systolic: number;
  diastolic: number;
  /** Readings averaged. */
  count: number;
  /** Days they fall on. */
  days: number;
}

/** How the last 7 days compare with the 7 before, or what is missing to say. */
export type BpDirection =
  | { kind: 'change'; systolic: Change; diastolic: Change }
  | { kind: 'missing'; thisWeek: number; weekBefore: number };

export interface BpSummary {
  average: BpAverage | null;
  direction: BpDirection;
}

// Home readings with both numbers: a clinic reading is kept out of a home average, as the
// home week does (readings::home_week; the guidelines judge office and home apart).
const counted = (r: Reading): r is Reading & { systolic: number; diastolic: number } =>
  r.systolic !== null && r.diastolic !== null && r.setting !== 'office';

/** Mean systolic and diastolic of each day, keyed by YYYY-MM-DD. */
function byDay(readings: ReadonlyArray<Reading & { systolic: number; diastolic: number }>): Map<string, { s: number; d: number }> {
  const sums = new Map<string, { s: number; d: number; n: number }>();
  for (const r of readings) {
    const day = sums.get(r.date) ?? { s: 0, d: 0, n: 0 };
    day.s += r.systolic;
    day.d += r.diastolic;
    day.n += 1;
    sums.set(r.date, day);
  }
  return new Map([...sums].map(([date, v]) => [date, { s: v.s / v.n, d: v.d / v.n }]));
}

/**
 * The summary of `readings` (any order; at least the last 14 days of them) at `now`: the
 * mean of the home readings of the last 7 calendar days (today included), and how their
 * days compare with the 7 days before, by the median of each day's mean (`direction.ts`:
 * one unusual reading does not flip it), within 5/3 mmHg "about the same"; the direction
 * needs readings on at least 3 days of each week.
 */
export function bpSummary(readings: ReadonlyArray<Reading>, now: Date): BpSummary {
  const weekStart = firstDayOfLastDays(WEEK_DAYS, now);
  const beforeStart = firstDayOfLastDays(2 * WEEK_DAYS, now);
  const today = firstDayOfLastDays(1, now);
  const home = readings.filter(counted);
  const thisWeek = home.filter((r) => r.date >= weekStart && r.date <= today);
  const weekBefore = home.filter((r) => r.date >= beforeStart && r.date < weekStart);

  const average =
    thisWeek.length === 0
      ? null
      : {
          systolic: thisWeek.reduce((sum, r) => sum + r.systolic, 0) / thisWeek.length,
          diastolic: thisWeek.reduce((sum, r) => sum + r.diastolic, 0) / thisWeek.length,
          count: thisWeek.length,
          days: new Set(thisWeek.map((r) => r.date)).size,
        };

  const now7 = [...byDay(thisWeek).values()];
  const before7 = [...byDay(weekBefore).values()];
  const systolic = change(
    before7.map((d) => d.s),
    now7.map((d) => d.s),
    BP_BANDS.systolic,
  );
  const diastolic = change(
    before7.map((d) => d.d),
    now7.map((d) => d.d),
    BP_BANDS.diastolic,
  );
  const direction: BpDirection =
    systolic && diastolic
      ? { kind: 'change', systolic, diastolic }
      : { kind: 'missing', thisWeek: now7.length, weekBefore: before7.length };
  return { average, direction };
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The direction in words: "Higher than the 7 days before", or what is missing to say it. */
export function directionText(direction: BpDirection): string {
  if (direction.kind === 'missing') {
    return (
      `No direction yet: it needs readings on ${MIN_DAYS} days of each week ` +
      `(this week ${plural(direction.thisWeek, 'day', 'days')}, the week before ${plural(direction.weekBefore, 'day', 'days')}).`
    );
  }
  const { systolic, diastolic } = direction;
  const up = systolic === 'higher' || diastolic === 'higher';
  const down = systolic === 'lower' || diastolic === 'lower';
  if (up && down) return `Systolic ${systolic === 'higher' ? 'higher' : 'lower'}, diastolic ${diastolic === 'higher' ? 'higher' : 'lower'} than the 7 days before`;
  if (up) return 'Higher than the 7 days before';
  if (down) return 'Lower than the 7 days before';
  return 'About the same as the 7 days before';
}

/** Which arrow the direction gets: up, down, level, or none. */
export function directionArrow(direction: BpDirection): '↑' | '↓' | '→' | '↕' | null {
  if (direction.kind === 'missing') return null;
  const up = direction.systolic === 'higher' || direction.diastolic === 'higher';
  const down = direction.systolic === 'lower' || direction.diastolic === 'lower';
  if (up && down) return '↕';
  if (up) return '↑';
  if (down) return '↓';
  return '→';
}
