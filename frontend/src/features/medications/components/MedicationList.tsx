import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../lib/dates';
import { formLabel } from '../model/medicationCodes';
import { latestPeriod, type Medication } from '../api/medications';
import { BloodPressureTag } from './BloodPressureTag';

/**
 * "Since 03/02/2026", ", until 12/31/2026" with a planned end, or "03/02/2026 to 05/01/2026".
 * Under a current dose that followed others, "since" is when this dose began, with the first
 * day after it (issue 36: it showed the medication's first day as the dose's).
 */
export function spanOf(medication: Medication): string {
  const { startDate, endDate, current } = medication;
  const until = endDate === null ? '' : `, until ${formatDate(endDate)}`;
  if (current) {
    const latest = latestPeriod(medication);
    if (latest && medication.periods.length > 1 && latest.startDate !== startDate) {
      return `This dose since ${formatDate(latest.startDate)}${until} · taken since ${formatDate(startDate)}`;
    }
    return `Since ${formatDate(startDate)}${until}`;
  }
  if (endDate === null) return `Since ${formatDate(startDate)}`;
  return `${formatDate(startDate)} to ${formatDate(endDate)}`;
}

/** One medication of the list: its name (the link to its page) and the facts a glance needs. */
function MedicationItem({ medication }: { medication: Medication }): ReactElement {
  const period = latestPeriod(medication);
  return (
    <li className="med-item">
      <div className="med-item-main">
        <Link to={`/medications/${medication.id}`} id={`medication-${medication.id}`} className="med-item-name">
          {medication.name}
        </Link>
        <span className="med-item-form">{formLabel(medication.form)}</span>
        {medication.forBloodPressure ? <BloodPressureTag /> : null}
        {medication.reminders ? <span className="med-badge">Reminders on</span> : null}
      </div>
      {period ? <p className="med-item-dose">{period.label}</p> : null}
      <p className="med-item-facts">
        <span>{spanOf(medication)}</span>
        {medication.reason ? <span>For: {medication.reason}</span> : null}
        {medication.periods.length > 1 ? <span>{medication.periods.length} doses so far</span> : null}
      </p>
    </li>
  );
}

export interface MedicationListProps {
  title: string;
  medications: ReadonlyArray<Medication>;
  /** What the list says when it is empty (nothing: the section is left out). */
  empty?: string;
}

/** A titled list of medications (current or past). */
export function MedicationList({ title, medications, empty }: MedicationListProps): ReactElement | null {
  if (medications.length === 0 && !empty) return null;
  const id = `med-list-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="card med-list-card" aria-labelledby={id}>
      <h2 id={id} className="med-list-title">
        {title}
      </h2>
      {medications.length === 0 ? (
        <p className="med-list-empty">{empty}</p>
      ) : (
        <ul className="med-list" aria-labelledby={id}>
          {medications.map((m) => (
            <MedicationItem key={m.id} medication={m} />
          ))}
        </ul>
      )}
    </section>
  );
}
