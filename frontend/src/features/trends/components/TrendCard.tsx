import { Suspense, type ReactElement } from 'react';
import { Icon } from '../../../components/icons/Icon';
import { ChartSkeleton } from '../../../components/chart/LazyTimeSeriesChart';
import { DailyChartComponent as DailyChart } from '../../../components/chart/loadChart';
import { eventsInWindow, type ChartEvent } from '../../../components/chart/eventMarkers';
import { MarkerLegend } from '../../../components/chart/MarkerLegend';
import type { ChartSpec, Units } from '../../../components/chart/measureCharts';
import { categoryNote, homeThreshold, type GuidelineRules } from '../../readings/model/bpCategory';
import type { DailyRow } from '../api/dailyApi';
import { SMOOTH_DAYS, bpRanges, dayValues, describeDaily, smoothed } from '../dailySeries';

export interface TrendCardProps {
  spec: ChartSpec;
  /** The span's days; undefined while they load. */
  rows: ReadonlyArray<DailyRow> | undefined;
  failed: boolean;
  units: Units;
  /** The window drawn and the span in words ("last 30 days"). */
  window: { min: number; max: number };
  span: string;
  guideline: GuidelineRules;
  /** Medications started, changed or stopped (all time): marked on the blood pressure chart. */
  events: ReadonlyArray<ChartEvent>;
}

/** What a card's (i) says: how its days are drawn. */
function about(spec: ChartSpec, guideline: GuidelineRules): string[] {
  switch (spec.kind) {
    case 'bp': {
      const home = homeThreshold(guideline);
      return [
        'Each day is two bars: the upper from its lowest to its highest systolic, the lower the same for the diastolic (a day with one reading is a short bar). A reading counts only with both numbers; home and clinic readings are both drawn.',
        `The dashed lines are ${home.systolic}/${home.diastolic} mmHg, where the ${guideline.name} guideline places high blood pressure on home readings (${home.source}).`,
        categoryNote(guideline),
      ];
    }
    case 'hr':
      return ["Each point is the mean of the day's heart rates."];
    case 'weight':
      return [
        `The line is a moving average: on each day, the mean of the days' weights within the ${SMOOTH_DAYS} days up to it. It evens out the day-to-day swings of water and meals. The dots are each day's weight (the mean of its readings).`,
      ];
    case 'sugar':
      return ["Each point is the mean of the day's blood sugar readings, before and after meals together: a rough guide, not a fasting value."];
  }
}

/**
 * One measure on the Trends page (issue 36), day by day over the chosen span: blood pressure
 * as range bars with the home threshold and the medications' markers, weight as a moving
 * average over the days' dots, heart rate and blood sugar as the days' means. How each is
 * drawn is behind its (i).
 */
export function TrendCard({ spec, rows, failed, units, window, span, guideline, events }: TrendCardProps): ReactElement {
  const headingId = `trends-${spec.kind}-heading`;
  const unit = spec.unit(units);
  const ranges = spec.kind === 'bp' && rows ? bpRanges(rows) : [];
  const points = spec.kind !== 'bp' && rows ? dayValues(spec.kind, rows, units) : [];
  const markers = spec.kind === 'bp' ? eventsInWindow(events, window.min, window.max) : [];
  const home = homeThreshold(guideline);
  const hasData = ranges.length > 0 || points.length > 0;

  let body: ReactElement;
  if (!rows && failed) {
    body = <p className="chart-empty">This chart could not be loaded. Reload the page to try again.</p>;
  } else if (!rows) {
    body = <ChartSkeleton title={spec.measure} />;
  } else if (!hasData) {
    body = <p className="chart-empty">No {spec.measure.toLowerCase()} readings in this span</p>;
  } else {
    const series =
      spec.kind === 'weight'
        ? [
            { label: 'Each day', color: spec.colors[0] ?? 'weight', points, dotsOnly: true },
            { label: `${SMOOTH_DAYS}-day average`, color: spec.colors[0] ?? 'weight', points: smoothed(points, spec.decimals(units)), smooth: true },
          ]
        : spec.kind === 'bp'
          ? []
          : [{ label: spec.measure, color: spec.colors[0] ?? 'heartRate', points }];
    body = (
      <Suspense fallback={<ChartSkeleton title={spec.measure} />}>
        <DailyChart
          title={describeDaily(spec, span, window, units, { ranges, points })}
          min={window.min}
          max={window.max}
          unit={unit}
          decimals={spec.decimals(units)}
          tickDecimals={spec.tickDecimals(units)}
          {...(spec.domain(units) ? { domain: spec.domain(units) } : {})}
          ranges={ranges}
          series={series}
          thresholds={
            spec.kind === 'bp'
              ? [
                  { y: home.systolic, color: 'systolic' },
                  { y: home.diastolic, color: 'diastolic' },
                ]
              : []
          }
          markers={markers}
        />
      </Suspense>
    );
  }

  return (
    <section className="card trend-card" id={`trends-${spec.kind}`} aria-labelledby={headingId} data-chart={spec.kind}>
      <h2 id={headingId} className="trend-card-title">
        {spec.measure}
        <span className="trend-card-unit"> · {unit}</span>
      </h2>
      <div className="trend-card-body">{body}</div>
      {spec.kind === 'bp' && hasData ? (
        <p className="trend-legend">
          <span className="trend-legend-dash" aria-hidden="true" />
          Home threshold {home.systolic}/{home.diastolic} mmHg ({guideline.name})
        </p>
      ) : null}
      {markers.length > 0 ? <MarkerLegend title="Medications" events={markers} /> : null}
      <details className="disclosure trend-about">
        <summary>
          <Icon name="info" size={16} />
          About this chart
        </summary>
        <div className="trend-about-body">
          {about(spec, guideline).map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      </details>
    </section>
  );
}
