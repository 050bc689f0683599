/** A shared record's chart series and time window (no chart.js here: cheap to test). */
import type { SeriesColor } from '../../components/chart/chartTheme';
import type { TimeSeries } from '../../components/chart/lineStyle';
import { CHART_SPECS, CRISIS_MARK, type ChartKind, type ChartSpec, type Units } from '../../components/chart/measureCharts';
import { DAY_MS, readingTimestamp } from '../../lib/dates';
import { bloodSugarInUnit, weightInUnit } from '../../lib/units';
import type { SharedReadingDto, SharedViewDto } from './api/sharedApi';

/** The charts of this record: blood pressure always, the other measures when included. */
export function includedCharts(view: SharedViewDto): ChartSpec[] {
  const included: Record<ChartKind, boolean> = {
    bp: true,
    hr: view.includeHeartRate,
    weight: view.includeWeight,
    sugar: view.includeBloodSugar,
  };
  return CHART_SPECS.filter((spec) => included[spec.kind]);
}

/**
 * The x window of the period: `rangeDays` calendar days ending on `to`, and `now`, the
 * moment the window ends (the end of `to`, or the present moment while `to` is today).
 */
export function periodWindow(from: string, to: string, present: number): { rangeDays: number; now: number } {
  const start = readingTimestamp(from, null);
  const endOfTo = readingTimestamp(to, null) + DAY_MS - 1;
  const rangeDays = Math.max(1, Math.round((readingTimestamp(to, null) - start) / DAY_MS) + 1);
  return { rangeDays, now: Math.max(start, Math.min(endOfTo, present)) };
}

const x = (r: SharedReadingDto): number => readingTimestamp(r.date, r.time);

function points(readings: ReadonlyArray<SharedReadingDto>, value: (r: SharedReadingDto) => number | null) {
  return readings.flatMap((r) => {
    const y = value(r);
    return y === null || !Number.isFinite(x(r)) ? [] : [{ x: x(r), y }];
  });
}

/**
 * The series of one chart, oldest first, values in the owner's `units` (the server sends
 * canonical lbs and mg/dL). A blood pressure point needs both numbers; a very high one (the
 * server's `severe`) carries the mark.
 */
export function sharedSeries(spec: ChartSpec, readings: ReadonlyArray<SharedReadingDto>, units: Units): TimeSeries[] {
  const color = (i: number): SeriesColor => spec.colors[i] ?? 'systolic';
  switch (spec.kind) {
    case 'bp': {
      const both = readings.filter((r) => r.systolic !== null && r.diastolic !== null && Number.isFinite(x(r)));
      const mark = (r: SharedReadingDto) => (r.severe ? { mark: CRISIS_MARK } : {});
      return [
        { label: 'Systolic', color: color(0), points: both.map((r) => ({ x: x(r), y: r.systolic ?? 0, ...mark(r) })) },
        { label: 'Diastolic', color: color(1), points: both.map((r) => ({ x: x(r), y: r.diastolic ?? 0, ...mark(r) })) },
      ];
    }
    case 'hr':
      return [{ label: 'Heart rate', color: color(0), points: points(readings, (r) => r.heartRate) }];
    case 'weight':
      return [
        {
          label: 'Weight',
          color: color(0),
          points: points(readings, (r) => (r.weight === null ? null : weightInUnit(r.weight, units.weightUnit))),
        },
      ];
    case 'sugar':
      return [
        {
          label: 'Blood sugar',
          color: color(0),
          points: points(readings, (r) => (r.bloodSugar === null ? null : bloodSugarInUnit(r.bloodSugar, units.bloodSugarUnit))),
        },
      ];
  }
}
