/**
 * The words and numbers of a shared record's summary, from what the server computed (no
 * statistics are made here: the server's are the PDF's). No React: cheap to test.
 */
import { guidelineOf } from '../readings/model/bpCategory';
import { formatSpan12 } from '../../lib/dates';
import { GUIDED } from '../../lib/readingRules';
import { percentText } from '../../lib/percent';
import { bloodSugarDecimals, bloodSugarInUnit, formatBpPair, formatMmHg, weightDecimals, weightInUnit } from '../../lib/units';
import type { CategoryCountDto, DayPartDto, SharedViewDto, StatsDto, TrendDto } from './api/sharedApi';

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
  /** Percent of the readings with a category, for the bar's width. */
  percent: number;
  /** The same as read: '<1%' for 1 of 758 (lib/percent). */
  percentText: string;
}

/**
 * The distribution in the owner's guideline's order, every category (zeros included), with
 * whole percents.
 */
export function categoryShares(guideline: string, categories: ReadonlyArray<CategoryCountDto>): CategoryShare[] {
  const total = categories.reduce((sum, c) => sum + c.count, 0);
  return guidelineOf(guideline).categories.map(({ code, label, tone }) => {
    const count = categories.filter((c) => c.category === code).reduce((sum, c) => sum + c.count, 0);
    return {
      category: code,
      tone,
      label,
      count,
      percent: total === 0 ? 0 : (count / total) * 100,
      percentText: percentText(count, total) ?? '0%',
    };
  });
}

/** A blood pressure of two averages in whole mmHg (issue 36): '132/84 mmHg'; null without both. */
export function averageBp(systolic: number | null, diastolic: number | null): string | null {
  if (systolic === null || diastolic === null) return null;
  return `${formatBpPair(systolic, diastolic)} mmHg`;
}

/**
 * A measure of the summary: its name, unit and the decimals of its readings, and how a
 * value the server sends (canonical: lbs, mg/dL) reads in that unit. Both conversions are a
 * factor without offset, so they convert changes (a trend) too.
 */
export interface Measure {
  key: 'systolic' | 'diastolic' | 'heartRate' | 'weight' | 'bloodSugar';
  name: string;
  unit: string;
  decimals: number;
  inUnit: (canonical: number) => number;
}

const asSent = (value: number): number => value;

/** The measures this record includes, blood pressure first. */
export function includedMeasures(view: SharedViewDto): Measure[] {
  const measures: Measure[] = [
    { key: 'systolic', name: 'Systolic', unit: 'mmHg', decimals: 0, inUnit: asSent },
    { key: 'diastolic', name: 'Diastolic', unit: 'mmHg', decimals: 0, inUnit: asSent },
  ];
  if (view.includeHeartRate) measures.push({ key: 'heartRate', name: 'Heart rate', unit: 'bpm', decimals: 0, inUnit: asSent });
  if (view.includeWeight) {
    measures.push({
      key: 'weight',
      name: 'Weight',
      unit: view.weightUnit,
      decimals: weightDecimals(view.weightUnit),
      inUnit: (lbs) => weightInUnit(lbs, view.weightUnit),
    });
  }
  if (view.includeBloodSugar) {
    measures.push({
      key: 'bloodSugar',
      name: 'Blood sugar',
      unit: view.bloodSugarUnit,
      decimals: bloodSugarDecimals(view.bloodSugarUnit),
      inUnit: (mgdl) => bloodSugarInUnit(mgdl, view.bloodSugarUnit),
    });
  }
  return measures;
}

/**
 * A measure's value as shown: blood pressure and heart rate in whole numbers, rounded once
 * here (lib/units formatMmHg), weight and blood sugar with their unit's decimals.
 */
export function formatMeasure(value: number, measure: Measure): string {
  const shown = measure.inUnit(value);
  return measure.decimals === 0 ? formatMmHg(shown) : shown.toFixed(measure.decimals);
}

/** 'Average 132 mmHg, lowest 110, highest 168, of 42 readings'. */
export function statsText(stats: StatsDto, measure: Measure): string {
  const value = (n: number): string => formatMeasure(n, measure);
  return `Average ${value(stats.average)} ${measure.unit}, lowest ${value(stats.min)}, highest ${value(stats.max)}, of ${readingsText(stats.count)}`;
}

/**
 * The trend of a measure in words (the server's robust trend, reports::analysis): 'Rising:
 * +6 mmHg over the period (+3 mmHg per 30 days)', 'Stable', or 'Not enough days for a trend
 * (3 of 7)'. A stable trend states no number: the method found none beyond day-to-day
 * variation.
 */
export function trendText(trend: TrendDto, measure: Measure, minDays: number): string {
  const signed = (n: number): string => {
    const shown = formatMeasure(Math.abs(n), measure);
    return `${n > 0 ? '+' : '−'}${shown} ${measure.unit}`;
  };
  switch (trend.direction) {
    case 'too-few-days':
      return `Not enough days for a trend (${trend.days} of ${minDays})`;
    case 'stable':
      return 'Stable';
    default: {
      const per30 = trend.per30Days === null ? '' : ` (${signed(trend.per30Days)} per 30 days)`;
      const direction = trend.direction === 'rising' ? 'Rising' : 'Falling';
      return `${direction}: ${signed(trend.overPeriod)} over the period${per30}`;
    }
  }
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
    heartRate: t.heartRate === null ? null : `${formatMmHg(t.heartRate)} bpm`,
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
