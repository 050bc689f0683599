import { Suspense, useId, type ReactElement } from 'react';
import { ChartSkeleton, LazyTimeSeriesChart } from '../../../components/chart/LazyTimeSeriesChart';
import type { ChartSpec } from '../../../components/chart/measureCharts';
import { guidelineOf } from '../../readings/model/bpCategory';
import { formatDate } from '../../../lib/dates';
import type { SharedViewDto } from '../api/sharedApi';
import { includedCharts, periodWindow, sharedSeries } from '../charts';

function SharedChart({ spec, view, span }: { spec: ChartSpec; view: SharedViewDto; span: { rangeDays: number; now: number } }): ReactElement {
  const headingId = useId();
  const units = { weightUnit: view.weightUnit, bloodSugarUnit: view.bloodSugarUnit };
  const series = sharedSeries(spec, view.readings, units);
  const unit = spec.unit(units);
  const domain = spec.domain(units);
  const hasData = series.some((s) => s.points.length > 0);
  const marked = spec.kind === 'bp' ? (series[0]?.points.filter((p) => p.mark !== undefined).length ?? 0) : 0;
  const title = `${spec.title}, ${formatDate(view.from)} to ${formatDate(view.to)}, in ${unit}`;
  return (
    <figure className="shared-chart" aria-labelledby={headingId} data-chart={spec.kind}>
      <h3 id={headingId} className="shared-subtitle">
        {spec.title} <span className="shared-muted">({unit})</span>
      </h3>
      <div className="shared-chart-body">
        {hasData ? (
          <Suspense fallback={<ChartSkeleton title={spec.title} />}>
            <LazyTimeSeriesChart
              title={title}
              unit={unit}
              decimals={spec.decimals(units)}
              tickDecimals={spec.tickDecimals(units)}
              rangeDays={span.rangeDays}
              now={span.now}
              {...(domain ? { domain } : {})}
              series={series}
            />
          </Suspense>
        ) : (
          <p className="chart-empty">{spec.empty} for this period.</p>
        )}
      </div>
      {marked > 0 ? (
        <figcaption className="shared-muted text-sm">
          Red triangles ▲: {marked === 1 ? 'a reading' : `${marked} readings`} {guidelineOf(view.guideline).severe.summary} (
          {guidelineOf(view.guideline).name}).
        </figcaption>
      ) : null}
    </figure>
  );
}

/** The charts of the period: blood pressure always, then heart rate, weight and blood sugar when included. */
export function SharedCharts({ view, present }: { view: SharedViewDto; present: number }): ReactElement {
  const headingId = useId();
  const span = periodWindow(view.from, view.to, present);
  return (
    <section className="card shared-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="shared-section-title">
        Charts
      </h2>
      <div className="shared-chart-grid">
        {includedCharts(view).map((spec) => (
          <SharedChart key={spec.kind} spec={spec} view={view} span={span} />
        ))}
      </div>
    </section>
  );
}
