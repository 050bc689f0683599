import { Suspense, useId, useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/icons/Icon';
import { ChartSkeleton, LazyTimeSeriesChart as TimeSeriesChart } from '../../../components/chart/LazyTimeSeriesChart';
import { CheckboxField } from '../../../components/form/CheckboxField';
import { eventsInWindow, type ChartEvent } from '../../../components/chart/eventMarkers';
import { MarkerLegend } from '../../../components/chart/MarkerLegend';
import { timeWindow } from '../../../components/chart/timeAxis';
import type { Reading } from '../../readings/api/readings';
import {
  CHART_RANGES,
  DEFAULT_CHART_RANGE,
  chartDescription,
  chartNotes,
  chartSeries,
  type ChartRange,
  type ChartSpec,
  type Units,
} from '../chartPoints';
import { useOnline } from '../../../lib/connection';
import { useGuideline } from '../../readings/model/bpCategory';

export interface ChartCardProps {
  spec: ChartSpec;
  /** The readings of the longest range; undefined while they load. */
  readings: ReadonlyArray<Reading> | undefined;
  /** True when the readings could not be loaded. */
  failed: boolean;
  units: Units;
  now: number;
  /** Medications started, changed or stopped (all time): drawn as markers when shown. */
  events?: ReadonlyArray<ChartEvent>;
  showEvents?: boolean;
  onShowEvents?: (show: boolean) => void;
}

/**
 * One trend card: title, its own range select (7 days by default, calendar days, as every
 * "last N days"), then skeleton, chart or empty text, the medications' legend, and a link to
 * the Trends page. What the blood pressure chart leaves out or marks is said once, behind its
 * (i), not in paragraphs under the chart.
 */
export function ChartCard({
  spec,
  readings,
  failed,
  units,
  now,
  events = [],
  showEvents = false,
  onShowEvents,
}: ChartCardProps): ReactElement {
  const toggleId = useId();
  const headingId = useId();
  const selectId = useId();
  const online = useOnline();
  const [range, setRange] = useState<ChartRange>(DEFAULT_CHART_RANGE);
  const series = readings ? chartSeries(spec.kind, readings, range, now, units) : [];
  const hasData = series.some((s) => s.points.length > 0);
  const unit = spec.unit(units);
  const domain = spec.domain(units);
  const guideline = useGuideline();
  const notes = readings ? chartNotes(spec.kind, readings, range, now, guideline) : [];
  const span = timeWindow(range, now);
  const markers = showEvents && hasData ? eventsInWindow(events, span.min, span.max) : [];

  let body: ReactElement;
  if (!readings && failed && !online) {
    body = <p className="chart-empty">You&apos;re offline: this chart will load when you&apos;re back.</p>;
  } else if (!readings && failed) {
    body = <p className="chart-empty">This chart could not be loaded. Reload the page to try again.</p>;
  } else if (!readings) {
    body = <ChartSkeleton title={spec.title} />;
  } else if (!hasData) {
    body = <p className="chart-empty">{spec.empty}</p>;
  } else {
    body = (
      <Suspense fallback={<ChartSkeleton title={spec.title} />}>
        <TimeSeriesChart
          title={chartDescription(spec, series, range, now, units)}
          unit={unit}
          decimals={spec.decimals(units)}
          tickDecimals={spec.tickDecimals(units)}
          rangeDays={range}
          now={now}
          {...(domain ? { domain } : {})}
          markers={markers}
          series={series.map((s, i) => ({ label: s.label, points: s.points, color: spec.colors[i] ?? 'systolic' }))}
        />
      </Suspense>
    );
  }

  return (
    <section className="card chart-card" aria-labelledby={headingId} data-chart={spec.kind}>
      <div className="chart-card-header">
        <h2 id={headingId} className="chart-card-title">
          {spec.title}
        </h2>
        <div className="chart-range-field">
          <label className="visually-hidden" htmlFor={selectId}>
            {spec.title} time range
          </label>
          <select
            id={selectId}
            className="field-input chart-range"
            value={range}
            onChange={(e) => setRange(Number(e.target.value) as ChartRange)}
          >
            <option value="" disabled hidden>
              Select time range
            </option>
            {CHART_RANGES.map((r) => (
              <option key={r.days} value={r.days}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {events.length > 0 && onShowEvents ? (
        <CheckboxField
          id={toggleId}
          className="chart-events-toggle"
          label="Show medications"
          checked={showEvents}
          onChange={(e) => onShowEvents(e.target.checked)}
        />
      ) : null}
      <div className="chart-card-body">{body}</div>
      {markers.length > 0 ? <MarkerLegend title="Medications" events={markers} /> : null}
      <div className="chart-card-footer">
        {notes.length > 0 ? (
          <details className="disclosure chart-about">
            <summary>
              <Icon name="info" size={16} />
              About this chart
            </summary>
            <div className="chart-notes">
              {notes.map((note) => (
                <p key={note}>{note}</p>
              ))}
              {showEvents && hasData && events.length > 0 && markers.length === 0 ? (
                <p>No medication started, changed or stopped in this range.</p>
              ) : null}
            </div>
          </details>
        ) : null}
        <Link className="chart-trends-link" to={`/trends?measure=${spec.kind}`}>
          See trends<span className="visually-hidden">: {spec.measure.toLowerCase()} over longer spans</span>
        </Link>
      </div>
    </section>
  );
}
