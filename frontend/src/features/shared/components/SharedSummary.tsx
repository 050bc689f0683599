import { useId, type ReactElement } from 'react';
import { Alert } from '../../../components/feedback/Alert';
import { Missing } from '../../readings/ui/ReadingCells';
import { categoryNote, guidelineOf } from '../../readings/model/bpCategory';
import { formatDate } from '../../../lib/dates';
import { formatBpPair } from '../../../lib/units';
import type { SharedViewDto } from '../api/sharedApi';
import {
  categoryShares,
  formatMeasure,
  includedMeasures,
  readingsText,
  timeOfDayRows,
  trendText,
  type Measure,
} from '../summary';

/** One headline number: what it is, the number and its unit, and what it is of. */
function Stat({ term, value, unit, detail }: { term: string; value: string | null; unit?: string; detail?: string }): ReactElement {
  return (
    <div className="shared-stat">
      <dt>{term}</dt>
      <dd>
        {value === null ? (
          <span className="shared-stat-none">Not recorded</span>
        ) : (
          <>
            {value}
            {unit ? <span className="shared-stat-unit"> {unit}</span> : null}
          </>
        )}
        {detail ? <span className="shared-stat-detail">{detail}</span> : null}
      </dd>
    </div>
  );
}

/** The headline numbers: readings, then the average of each measure included. */
function Headline({ view }: { view: SharedViewDto }): ReactElement {
  const { summary } = view;
  const { systolic, diastolic } = summary;
  const averageOf = (measure: Measure): ReactElement | null => {
    if (measure.key === 'systolic' || measure.key === 'diastolic') return null;
    const stats = summary[measure.key];
    return (
      <Stat
        key={measure.key}
        term={`Average ${measure.name.toLowerCase()}`}
        value={stats ? formatMeasure(stats.average, measure) : null}
        unit={measure.unit}
        {...(stats ? { detail: `of ${readingsText(stats.count)}` } : {})}
      />
    );
  };
  return (
    <dl className="shared-stats">
      <Stat
        term="Average blood pressure"
        value={systolic && diastolic ? formatBpPair(systolic.average, diastolic.average) : null}
        unit="mmHg"
        {...(systolic ? { detail: `of ${readingsText(systolic.count)}` } : {})}
      />
      {includedMeasures(view).map(averageOf)}
    </dl>
  );
}

/** Each measure: average, lowest, highest, how many readings, and its trend in words. */
function MeasuresTable({ view }: { view: SharedViewDto }): ReactElement {
  const { summary } = view;
  return (
    <div className="readings-table-wrap">
      <table className="readings-table shared-table">
        <caption className="shared-table-caption">Averages, lowest and highest, and the trend over the period</caption>
        <thead>
          <tr>
            <th scope="col">Measure</th>
            <th scope="col">Average</th>
            <th scope="col">Lowest to highest</th>
            <th scope="col">Readings</th>
            <th scope="col">Trend</th>
          </tr>
        </thead>
        <tbody>
          {includedMeasures(view).map((m) => {
            const stats = summary[m.key];
            const trend = summary.trends[m.key];
            return (
              <tr key={m.key}>
                <th scope="row" data-label="Measure">
                  {m.name}
                </th>
                <td data-label="Average" className="cell-number">
                  {stats ? `${formatMeasure(stats.average, m)} ${m.unit}` : <Missing />}
                </td>
                <td data-label="Lowest to highest" className="cell-number">
                  {stats ? `${formatMeasure(stats.min, m)} to ${formatMeasure(stats.max, m)} ${m.unit}` : <Missing />}
                </td>
                <td data-label="Readings" className="cell-number">
                  {stats ? stats.count : 0}
                </td>
                <td data-label="Trend" className="shared-cell-text">
                  {trend ? trendText(trend, m, summary.trends.minDays) : 'No trend'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="shared-muted text-sm">{summary.trends.method}</p>
    </div>
  );
}

/** All readings, morning and evening: how many, and their average blood pressure and heart rate. */
function TimeOfDayTable({ view }: { view: SharedViewDto }): ReactElement {
  return (
    <div className="readings-table-wrap">
      <table className="readings-table shared-table">
        <caption className="shared-table-caption">Averages by time of day</caption>
        <thead>
          <tr>
            <th scope="col">Time of day</th>
            <th scope="col">Readings</th>
            <th scope="col">Blood pressure</th>
            {view.includeHeartRate ? <th scope="col">Heart rate</th> : null}
          </tr>
        </thead>
        <tbody>
          {timeOfDayRows(view).map((row) => (
            <tr key={row.name}>
              <th scope="row" data-label="Time of day">
                {row.name} <span className="shared-muted">({row.when})</span>
              </th>
              <td data-label="Readings" className="cell-number">
                {row.readings}
              </td>
              <td data-label="Blood pressure" className="cell-number">
                {row.bp ?? <Missing />}
              </td>
              {view.includeHeartRate ? (
                <td data-label="Heart rate" className="cell-number">
                  {row.heartRate ?? <Missing />}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How the blood pressure readings fall into the owner's guideline's categories, with the badges' colours and words. */
function Categories({ view }: { view: SharedViewDto }): ReactElement {
  const headingId = useId();
  const shares = categoryShares(view.guideline, view.summary.categories);
  return (
    <div className="shared-categories">
      <h3 id={headingId} className="shared-subtitle">
        Blood pressure categories ({view.guidelineName})
      </h3>
      <ul aria-labelledby={headingId}>
        {shares.map((s) => (
          <li key={s.category}>
            <span className={`bp-badge bp-badge-tone-${s.tone}`}>{s.label}</span>
            <span className="shared-category-bar" aria-hidden="true">
              {s.count > 0 ? (
                <span className={`shared-category-fill bp-badge-tone-${s.tone}`} style={{ width: `${Math.max(s.percent, 1)}%` }} />
              ) : null}
            </span>
            <span className="shared-category-count">
              {readingsText(s.count)} ({s.percentText})
            </span>
          </li>
        ))}
      </ul>
      <p className="shared-muted text-sm">{categoryNote(guidelineOf(view.guideline))}</p>
    </div>
  );
}

/** The summary, first on the page: headline numbers, the measures' table, times of day, categories. */
export function SharedSummary({ view }: { view: SharedViewDto }): ReactElement {
  const headingId = useId();
  const { severe } = view.summary;
  return (
    <section className="card shared-section" aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} className="shared-section-title">
          Summary
        </h2>
        <p className="shared-muted">
          {readingsText(view.summary.readings)} from {formatDate(view.from)} to {formatDate(view.to)}
        </p>
      </div>
      <Headline view={view} />
      {severe > 0 ? (
        <Alert variant="danger" title={`${readingsText(severe)} ${guidelineOf(view.guideline).severe.summary}`}>
          <p>In the {view.guidelineName} guideline&apos;s terms; marked ▲ on the blood pressure chart.</p>
        </Alert>
      ) : null}
      <MeasuresTable view={view} />
      <TimeOfDayTable view={view} />
      <Categories view={view} />
    </section>
  );
}
