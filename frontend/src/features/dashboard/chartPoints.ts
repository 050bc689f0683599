import { firstDayOfLastDays, readingTimestamp, startOfLastDays, toIsoDate } from '../../lib/dates';
import { categoryNote, type GuidelineRules } from '../readings/model/bpCategory';
import type { Reading } from '../readings/api/readings';
import { bloodSugarInUnit, formatBpPair, formatMmHg, weightInUnit } from '../../lib/units';
import { describeChart, directionOf } from '../../components/chart/direction';
import { CLINIC_ASIDE, CRISIS_MARK, type ChartKind, type ChartSpec, type Units } from '../../components/chart/measureCharts';

export {
  CHART_SPECS,
  CLINIC_ASIDE,
  CRISIS_MARK,
  Y_DOMAINS,
  sugarDomain,
  type ChartKind,
  type ChartSpec,
  type Units,
} from '../../components/chart/measureCharts';

export { CHART_RANGES, DEFAULT_CHART_RANGE, LONGEST_CHART_RANGE, type ChartRange } from './chartRanges';

export interface Point {
  x: number;
  y: number;
  /** Why the point stands out on the chart (a blood pressure in the crisis range). */
  mark?: string;
  /** Why the point is set apart (a blood pressure taken at the clinic). */
  aside?: string;
}

interface Timed {
  reading: Reading;
  x: number;
}

/**
 * The readings drawn for a range: those of the last `rangeDays` calendar days in the
 * browser's time zone, today included (`firstDayOfLastDays`, as the History filter), sorted
 * ascending by date and time. A reading of today counts even when its time is later than now.
 */
export function readingsInRange(readings: ReadonlyArray<Reading>, rangeDays: number, now: number): Timed[] {
  const first = firstDayOfLastDays(rangeDays, new Date(now));
  const today = toIsoDate(new Date(now));
  const out: Timed[] = [];
  for (const reading of readings) {
    if (reading.date < first || reading.date > today) continue;
    const x = readingTimestamp(reading.date, reading.time);
    if (Number.isFinite(x)) out.push({ reading, x });
  }
  return out.sort((a, b) => a.x - b.x || a.reading.id - b.reading.id);
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

const hasBothBp = (r: Reading): boolean => r.systolic !== null && r.diastolic !== null;
const hasOneBp = (r: Reading): boolean => (r.systolic === null) !== (r.diastolic === null);

/**
 * What the blood pressure card says behind its (i): that a point needs both numbers (and how
 * many readings of the range have one only), and what its marked points mean: a reading in
 * the guideline's severe range is a triangle, one taken at the clinic a diamond. The other
 * charts draw every reading holding their measure: nothing to explain.
 */
export function chartNotes(
  kind: ChartKind,
  readings: ReadonlyArray<Reading>,
  rangeDays: number,
  now: number,
  guideline: GuidelineRules,
): string[] {
  if (kind !== 'bp') return [];
  const timed = readingsInRange(readings, rangeDays, now).map((t) => t.reading);
  const partial = timed.filter(hasOneBp).length;
  const notes = [
    'A point needs both numbers, systolic and diastolic.' +
      (partial > 0
        ? ` ${plural(partial, 'reading', 'readings')} of this range with only one ${partial === 1 ? 'is' : 'are'} not drawn.`
        : ''),
  ];
  // Only drawn points are counted here: a one-number very high reading is in the note above.
  const crisis = timed.filter((r) => hasBothBp(r) && r.severe).length;
  if (crisis > 0) {
    notes.push(
      `${plural(crisis, 'reading', 'readings')} in this range ${crisis === 1 ? 'is' : 'are'} ${guideline.severe.summary} (${guideline.name}), drawn as a red triangle ▲. ${categoryNote(guideline)}`,
    );
  }
  const clinic = timed.filter((r) => hasBothBp(r) && r.setting === 'office').length;
  if (clinic > 0) {
    notes.push(
      `${plural(clinic, 'reading', 'readings')} taken at the clinic ${clinic === 1 ? 'is' : 'are'} drawn as a diamond ◆: clinic readings are kept out of your home average.`,
    );
  }
  return notes;
}

export interface ChartSeries {
  label: string;
  points: Point[];
}

/**
 * The series of one chart. A reading appears only when its own measure is present; the
 * blood pressure chart needs both systolic and diastolic. Values are in the user's units.
 */
export function chartSeries(kind: ChartKind, readings: ReadonlyArray<Reading>, rangeDays: number, now: number, units: Units): ChartSeries[] {
  const timed = readingsInRange(readings, rangeDays, now);
  switch (kind) {
    case 'bp': {
      const both = timed.filter((t) => hasBothBp(t.reading));
      // Both points of a very high reading carry the mark (the server's `severe`, in the
      // person's guideline); both of one taken at the clinic are set apart.
      const mark = (r: Reading): Pick<Point, 'mark' | 'aside'> => ({
        ...(r.severe ? { mark: CRISIS_MARK } : {}),
        ...(r.setting === 'office' ? { aside: CLINIC_ASIDE } : {}),
      });
      return [
        { label: 'Systolic', points: both.map((t) => ({ x: t.x, y: t.reading.systolic ?? 0, ...mark(t.reading) })) },
        { label: 'Diastolic', points: both.map((t) => ({ x: t.x, y: t.reading.diastolic ?? 0, ...mark(t.reading) })) },
      ];
    }
    case 'hr':
      return [
        {
          label: 'Heart rate',
          points: timed.flatMap((t) => (t.reading.heartRate === null ? [] : [{ x: t.x, y: t.reading.heartRate }])),
        },
      ];
    case 'weight':
      return [
        {
          label: 'Weight',
          points: timed.flatMap((t) =>
            t.reading.weight === null ? [] : [{ x: t.x, y: weightInUnit(t.reading.weight, units.weightUnit) }],
          ),
        },
      ];
    case 'sugar':
      return [
        {
          label: 'Blood sugar',
          points: timed.flatMap((t) =>
            t.reading.bloodSugar === null
              ? []
              : [{ x: t.x, y: bloodSugarInUnit(t.reading.bloodSugar, units.bloodSugarUnit) }],
          ),
        },
      ];
  }
}

/**
 * A card's chart in words, its accessible name: "Blood pressure, last 30 days: latest 132/84
 * mmHg, range 118–146 systolic, rising" (the first half of the range's days against the
 * second; `direction.ts`).
 */
export function chartDescription(spec: ChartSpec, series: ReadonlyArray<ChartSeries>, rangeDays: number, now: number, units: Units): string {
  const unit = spec.unit(units);
  const decimals = spec.decimals(units);
  const first = series[0]?.points ?? [];
  const last = first[first.length - 1];
  const values = first.map((p) => p.y);
  let latest: string | null = null;
  let range: string | null = null;
  if (last) {
    const second = series[1]?.points[series[1].points.length - 1];
    const low = Math.min(...values);
    const high = Math.max(...values);
    if (spec.kind === 'bp') {
      latest = `${formatBpPair(last.y, second?.y ?? Number.NaN)} mmHg`;
      range = `${formatMmHg(low)}–${formatMmHg(high)} systolic`;
    } else {
      latest = `${last.y.toFixed(decimals)} ${unit}`;
      range = `${low.toFixed(decimals)}–${high.toFixed(decimals)} ${unit}`;
    }
  }
  return describeChart({
    measure: spec.measure,
    span: `last ${rangeDays} days`,
    latest,
    range,
    direction: directionOf(first, startOfLastDays(Math.floor(rangeDays / 2), new Date(now)), spec.band(units)),
  });
}
