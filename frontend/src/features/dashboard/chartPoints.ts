import { DAY_MS, readingTimestamp } from '../../lib/dates';
import type { BloodSugarUnit, WeightUnit } from '../../lib/preferences';
import type { Reading } from '../../lib/readings';
import { MGDL_PER_MMOL, bloodSugarDecimals, bloodSugarInUnit, roundTo, weightInUnit } from '../../lib/units';

/** Chart ranges in days (spec section 9); 7 is the default. */
export const CHART_RANGES = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
] as const;
export type ChartRange = (typeof CHART_RANGES)[number]['days'];
export const DEFAULT_CHART_RANGE: ChartRange = 7;
/** The longest range: the dashboard loads this many days of readings. */
export const LONGEST_CHART_RANGE: ChartRange = 90;

export type ChartKind = 'bp' | 'hr' | 'weight' | 'sugar';

export interface Point {
  x: number;
  y: number;
}

/** Fixed y domains (spec section 9), in canonical units; weight is automatic. */
export const Y_DOMAINS = {
  bp: { min: 60, max: 180 },
  hr: { min: 40, max: 120 },
  sugar: { min: 60, max: 200 },
} as const;

/** The blood sugar domain in the user's unit (60-200 mg/dL = 3.3-11.1 mmol/L). */
export function sugarDomain(unit: BloodSugarUnit): { min: number; max: number } {
  if (unit === 'mg/dL') return Y_DOMAINS.sugar;
  return {
    min: roundTo(Y_DOMAINS.sugar.min / MGDL_PER_MMOL, 1),
    max: roundTo(Y_DOMAINS.sugar.max / MGDL_PER_MMOL, 1),
  };
}

interface Timed {
  reading: Reading;
  x: number;
}

/**
 * The readings drawn for a range: those between now minus the range and now, sorted
 * ascending by date and time.
 */
export function readingsInRange(readings: ReadonlyArray<Reading>, rangeDays: number, now: number): Timed[] {
  const start = now - rangeDays * DAY_MS;
  const out: Timed[] = [];
  for (const reading of readings) {
    const x = readingTimestamp(reading.date, reading.time);
    if (Number.isFinite(x) && x >= start && x <= now) out.push({ reading, x });
  }
  return out.sort((a, b) => a.x - b.x || a.reading.id - b.reading.id);
}

export interface ChartSeries {
  label: string;
  points: Point[];
}

export interface Units {
  weightUnit: WeightUnit;
  bloodSugarUnit: BloodSugarUnit;
}

/**
 * The series of one chart. A reading appears only when its own measure is present; the
 * blood pressure chart needs both systolic and diastolic. Values are in the user's units.
 */
export function chartSeries(kind: ChartKind, readings: ReadonlyArray<Reading>, rangeDays: number, now: number, units: Units): ChartSeries[] {
  const timed = readingsInRange(readings, rangeDays, now);
  switch (kind) {
    case 'bp': {
      const both = timed.filter((t) => t.reading.systolic !== null && t.reading.diastolic !== null);
      return [
        { label: 'Systolic', points: both.map((t) => ({ x: t.x, y: t.reading.systolic ?? 0 })) },
        { label: 'Diastolic', points: both.map((t) => ({ x: t.x, y: t.reading.diastolic ?? 0 })) },
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

export interface ChartSpec {
  kind: ChartKind;
  title: string;
  empty: string;
  unit: (units: Units) => string;
  decimals: (units: Units) => number;
  domain: (units: Units) => { min: number; max: number } | undefined;
  colors: string[];
}

/** The four chart cards, with the spec's titles and empty messages. */
export const CHART_SPECS: ReadonlyArray<ChartSpec> = [
  {
    kind: 'bp',
    title: 'Blood Pressure Trends',
    empty: 'No blood pressure data available',
    unit: () => 'mmHg',
    decimals: () => 0,
    domain: () => Y_DOMAINS.bp,
    colors: ['#0f6e6e', '#5b7fa6'],
  },
  {
    kind: 'hr',
    title: 'Heart Rate Trend',
    empty: 'No heart rate data available',
    unit: () => 'bpm',
    decimals: () => 0,
    domain: () => Y_DOMAINS.hr,
    colors: ['#8a4fa8'],
  },
  {
    kind: 'weight',
    title: 'Weight Trend',
    empty: 'No weight data available',
    unit: (u) => u.weightUnit,
    decimals: () => 1,
    domain: () => undefined,
    colors: ['#0b4f6c'],
  },
  {
    kind: 'sugar',
    title: 'Blood Sugar Trend',
    empty: 'No blood sugar data available',
    unit: (u) => u.bloodSugarUnit,
    decimals: (u) => bloodSugarDecimals(u.bloodSugarUnit),
    domain: (u) => sugarDomain(u.bloodSugarUnit),
    colors: ['#b54708'],
  },
];
