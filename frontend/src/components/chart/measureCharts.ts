/**
 * The measures' charts as every page draws them: titles, units, decimals, default y domains
 * and colours (the dashboard's cards, a shared record's charts). No chart.js here.
 */
import type { BloodSugarUnit, WeightUnit } from '../../lib/preferences';
import type { SeriesColor } from './chartTheme';
import {
  bloodSugarDecimals,
  bloodSugarInUnit,
  bloodSugarTickDecimals,
  weightDecimals,
  weightTickDecimals,
} from '../../lib/units';

export type ChartKind = 'bp' | 'hr' | 'weight' | 'sugar';

/**
 * Default y domains (spec section 9), in canonical units; weight is automatic. The charts
 * widen them to every value drawn (`valueAxis`): an alarming reading is never off the chart.
 */
export const Y_DOMAINS = {
  bp: { min: 60, max: 180 },
  hr: { min: 40, max: 120 },
  sugar: { min: 60, max: 200 },
} as const;

/** The blood sugar domain in the user's unit (60-200 mg/dL = 3.3-11.1 mmol/L). */
export function sugarDomain(unit: BloodSugarUnit): { min: number; max: number } {
  return { min: bloodSugarInUnit(Y_DOMAINS.sugar.min, unit), max: bloodSugarInUnit(Y_DOMAINS.sugar.max, unit) };
}

/**
 * Blood pressure changes (mmHg) within which two spans are "about the same" (see
 * `ChartSpec.band`): the dashboard's direction since last week compares both numbers.
 */
export const BP_BANDS = { systolic: 5, diastolic: 3 } as const;

/** The tooltip line of a very high blood pressure point (the server's `severe`, in the person's guideline). */
export const CRISIS_MARK = 'Very high reading';

/** The tooltip line of a blood pressure point taken at the clinic (issue 35). */
export const CLINIC_ASIDE = 'Taken at the clinic';

export interface Units {
  weightUnit: WeightUnit;
  bloodSugarUnit: BloodSugarUnit;
}

export interface ChartSpec {
  kind: ChartKind;
  title: string;
  /** The measure in a sentence ("Blood pressure"): a chart's accessible name starts with it. */
  measure: string;
  empty: string;
  unit: (units: Units) => string;
  /** Decimals of the values (tooltips). */
  decimals: (units: Units) => number;
  /** Decimals of the y axis's ticks. */
  tickDecimals: (units: Units) => number;
  domain: (units: Units) => { min: number; max: number } | undefined;
  /** Each series' colour, in the order the series come (chartTheme.ts gives the values). */
  colors: SeriesColor[];
  /**
   * A change smaller than this (in the unit shown; blood pressure: systolic) is "about the
   * same" (`direction.ts`). Vitalog's choice, not a clinical threshold: about what one
   * person's values vary from day to day (blood pressure by several mmHg, weight by a pound
   * or so), so a smaller change is not called a trend.
   */
  band: (units: Units) => number;
}

/** The four chart cards, with the spec's titles and empty messages. */
export const CHART_SPECS: ReadonlyArray<ChartSpec> = [
  {
    kind: 'bp',
    title: 'Blood Pressure Trends',
    measure: 'Blood pressure',
    empty: 'No blood pressure data available',
    unit: () => 'mmHg',
    decimals: () => 0,
    tickDecimals: () => 0,
    domain: () => Y_DOMAINS.bp,
    colors: ['systolic', 'diastolic'],
    band: () => BP_BANDS.systolic,
  },
  {
    kind: 'hr',
    title: 'Heart Rate Trend',
    measure: 'Heart rate',
    empty: 'No heart rate data available',
    unit: () => 'bpm',
    decimals: () => 0,
    tickDecimals: () => 0,
    domain: () => Y_DOMAINS.hr,
    colors: ['heartRate'],
    band: () => 5,
  },
  {
    kind: 'weight',
    title: 'Weight Trend',
    measure: 'Weight',
    empty: 'No weight data available',
    unit: (u) => u.weightUnit,
    decimals: (u) => weightDecimals(u.weightUnit),
    tickDecimals: (u) => weightTickDecimals(u.weightUnit),
    domain: () => undefined,
    colors: ['weight'],
    band: (u) => (u.weightUnit === 'kg' ? 0.5 : 1),
  },
  {
    kind: 'sugar',
    title: 'Blood Sugar Trend',
    measure: 'Blood sugar',
    empty: 'No blood sugar data available',
    unit: (u) => u.bloodSugarUnit,
    decimals: (u) => bloodSugarDecimals(u.bloodSugarUnit),
    tickDecimals: (u) => bloodSugarTickDecimals(u.bloodSugarUnit),
    domain: (u) => sugarDomain(u.bloodSugarUnit),
    colors: ['sugar'],
    band: (u) => (u.bloodSugarUnit === 'mmol/L' ? 0.6 : 10),
  },
];
