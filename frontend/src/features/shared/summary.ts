/**
 * The words and numbers of a shared record's summary, from what the server computed (no
 * statistics are made here: the server's are the PDF's). No React: cheap to test.
 */
import { guidelineOf } from '../../lib/bpCategory';
import { formatSpan12 } from '../../lib/dates';
import { GUIDED } from '../../lib/readingRules';
import { bloodSugarDecimals, weightDecimals } from '../../lib/units';
import type { CategoryCountDto, DayPartDto, SharedViewDto, StatsDto, TrendDto } from './api';

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** 'N readings'. */
export const readingsText = (n: number): string => plural(n, 'reading', 'readings');

export interface CategoryShare {
  category: string;
  /** Its colour on the badges' scale (rules.json `tone`). */
  tone: number;
  /** The app's words for the category (the badges'). */
  label: string;
  count: number;
  /** Whole percent of the readings with a category. */
  percent: number;
}

/**
 * The distribution in the owner's guideline's order, every category (zeros included), with
 * whole percents.
 */
export function categoryShares(guideline: string, categories: ReadonlyArray<CategoryCountDto>): CategoryShare[] {
  const total = categories.reduce((sum, c) => sum + c.count, 0);
  return guidelineOf(guideline).categories.map(({ code, label, tone }) => {
    const count = categories.filter((c) => c.category === code).reduce((sum, c) => sum + c.count, 0);
    return { category: code, tone, label, count, percent: total === 0 ? 0 : Math.round((count / total) * 100) };
  });
}

/** An average as sent (1 decimal), always with its decimal: '132.0', '84.5'. */
export const formatAverage = (value: number): string => value.toFixed(1);

/** A blood pressure of two averages: '132.4/84.1 mmHg'; null without both. */
export function averageBp(systolic: number | null, diastolic: number | null): string | null {
  if (systolic === null || diastolic === null) return null;
  return `${formatAverage(systolic)}/${formatAverage(diastolic)} mmHg`;
}

/** A measure of the summary: its name, unit and the decimals of its readings. */
export interface Measure {
  key: 'systolic' | 'diastolic' | 'heartRate' | 'weight' | 'bloodSugar';
  name: string;
  unit: string;
  decimals: number;
}

/** The measures this record includes, blood pressure first. */
export function includedMeasures(view: SharedViewDto): Measure[] {
  const measures: Measure[] = [
    { key: 'systolic', name: 'Systolic', unit: 'mmHg', decimals: 0 },
    { key: 'diastolic', name: 'Diastolic', unit: 'mmHg', decimals: 0 },
  ];
  if (view.includeHeartRate) measures.push({ key: 'heartRate', name: 'Heart rate', unit: 'bpm', decimals: 0 });
  if (view.includeWeight) {
    measures.push({ key: 'weight', name: 'Weight', unit: view.weightUnit, decimals: weightDecimals(view.weightUnit) });
  }
  if (view.includeBloodSugar) {
    measures.push({
      key: 'bloodSugar',
      name: 'Blood sugar',
      unit: view.bloodSugarUnit,
      decimals: bloodSugarDecimals(view.bloodSugarUnit),
    });
  }
  return measures;
}

/** 'Average 132.4 mmHg, lowest 110, highest 168, of 42 readings'. */
export function statsText(stats: StatsDto, measure: Measure): string {
  const value = (n: number): string => n.toFixed(measure.decimals);
  return `Average ${formatAverage(stats.average)} ${measure.unit}, lowest ${value(stats.min)}, highest ${value(stats.max)}, of ${readingsText(stats.count)}`;
}

const signed = (n: number): string => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n).toFixed(1)}`;

/**
 * The trend of a measure in words with its numbers: 'Rising: +6.2 mmHg over the period
 * (+3.1 mmHg per 30 days)', 'Stable: +0.4 mmHg over the period'.
 */
export function trendText(trend: TrendDto, unit: string): string {
  const over = `${signed(trend.overPeriod)} ${unit} over the period`;
  const per30 = trend.per30Days === null ? '' : ` (${signed(trend.per30Days)} ${unit} per 30 days)`;
  const direction = `${trend.direction.charAt(0).toUpperCase()}${trend.direction.slice(1)}`;
  return `${direction}: ${over}${per30}`;
}

/**
 * Morning and evening as the guided measurement has them (rules.json `guided`: home
 * monitoring takes readings morning and evening, ESH 2023 and AHA/ACC 2017), the split the
 * server averages by (reports::analysis) and the PDF names: together they hold every reading.
 */
const MORNING_HOURS = formatSpan12(GUIDED.morningFrom, GUIDED.eveningFrom);
const EVENING_HOURS = formatSpan12(GUIDED.eveningFrom, GUIDED.morningFrom);

export interface TimeOfDayRow {
  name: string;
  /** When it is, as the PDF counts it. */
  when: string;
  readings: number;
  bp: string | null;
  heartRate: string | null;
}

/** The averages table's rows: all readings, morning (04:00 to 11:59), evening (the rest of the day). */
export function timeOfDayRows(view: SharedViewDto): TimeOfDayRow[] {
  const { summary } = view;
  const row = (name: string, when: string, t: DayPartDto): TimeOfDayRow => ({
    name,
    when,
    readings: t.readings,
    bp: averageBp(t.systolic, t.diastolic),
    heartRate: t.heartRate === null ? null : `${formatAverage(t.heartRate)} bpm`,
  });
  return [
    row('All readings', 'any time', {
      readings: summary.readings,
      systolic: summary.systolic?.average ?? null,
      diastolic: summary.diastolic?.average ?? null,
      heartRate: summary.heartRate?.average ?? null,
    }),
    row('Morning', MORNING_HOURS, summary.morning),
    row('Evening', EVENING_HOURS, summary.evening),
  ];
}
