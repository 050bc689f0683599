import { useId, type ReactElement } from 'react';
import { formatDate } from '../../../lib/dates';
import { formatBpPair } from '../../../lib/units';
import type { BpPatternDto } from '../../../lib/apiTypes';
import { readingsCount } from '../ui/WeekResult';

type Side = BpPatternDto['clinic'];

function SideRow({ name, side }: { name: string; side: Side }): ReactElement {
  return (
    <div className="week-pattern-side">
      <dt>{name}</dt>
      <dd>
        <span className="week-pattern-value">
          {formatBpPair(side.systolic, side.diastolic)} <span className="week-average-unit">mmHg</span>
        </span>
        <span className="week-pattern-detail">
          {readingsCount(side.count)}, {formatDate(side.from)} to {formatDate(side.to)}; high from {side.threshold}
        </span>
      </dd>
    </div>
  );
}

/**
 * Clinic and home side by side (issue 35): the pattern the person's guideline names, first;
 * both averages with their counts, dates and thresholds; the sentence that says it is
 * information to discuss with a doctor; where it comes from behind a disclosure.
 */
export function WeekPattern({ pattern }: { pattern: BpPatternDto }): ReactElement {
  const headingId = useId();
  return (
    <section className="card week-page-card week-pattern" aria-labelledby={headingId}>
      <h2 id={headingId} className="week-page-title">
        Clinic and home
      </h2>
      <p className="week-pattern-label">
        {pattern.label} <span className="week-pattern-guideline">({pattern.guidelineName})</span>
      </p>
      <dl className="week-pattern-sides">
        <SideRow name="At the clinic" side={pattern.clinic} />
        <SideRow name="At home" side={pattern.home} />
      </dl>
      <p className="week-pattern-text">{pattern.text}</p>
      <details className="disclosure">
        <summary>Where this comes from</summary>
        <p className="text-sm text-muted">
          {pattern.source}. Clinic readings within 3 months of the week, at least 2, are averaged; the averages are compared
          with the thresholds unrounded.
        </p>
      </details>
    </section>
  );
}
