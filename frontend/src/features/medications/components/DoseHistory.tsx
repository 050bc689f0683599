import type { ReactElement } from 'react';
import { formatDate } from '../../../lib/dates';
import type { DosePeriod } from '../api/medications';

/** "from 03/02/2026 to 05/01/2026", or "from 03/02/2026" while it goes on. */
export function periodSpan(period: Pick<DosePeriod, 'startDate' | 'endDate'>): string {
  return period.endDate === null
    ? `from ${formatDate(period.startDate)}`
    : `from ${formatDate(period.startDate)} to ${formatDate(period.endDate)}`;
}

/** Every dose of a medication, oldest first: what was taken and over which days. */
export function DoseHistory({ periods }: { periods: ReadonlyArray<DosePeriod> }): ReactElement {
  return (
    <ol className="med-history" aria-label="Dose history">
      {periods.map((period, i) => (
        <li key={period.id} className={i === periods.length - 1 ? 'med-history-item med-history-latest' : 'med-history-item'}>
          <span className="med-history-dose">{period.label}</span> <span className="med-history-span">{periodSpan(period)}</span>
        </li>
      ))}
    </ol>
  );
}
