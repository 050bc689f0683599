import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Skeleton } from '../../../components/feedback/Skeleton';
import { Alert } from '../../../components/feedback/Alert';
import { BpCategoryBadge } from '../../../components/readings/BpCategoryBadge';
import { formatDate, formatTime12 } from '../../../lib/dates';
import { readingBpCategory, type Reading } from '../../../lib/readings';
import { formatBloodSugar, formatWeight } from '../../../lib/units';
import type { Units } from '../chartPoints';

export const RECENT_COUNT = 3;
export const RECENT_EMPTY = 'No readings available. Start by recording your vitals.';

export interface RecentReadingsProps {
  readings: ReadonlyArray<Reading> | undefined;
  failed: boolean;
  units: Units;
  onEdit: (reading: Reading) => void;
  onDelete: (reading: Reading) => void;
}

const dash = (
  <span className="cell-missing" aria-label="not recorded">
    ---
  </span>
);

/** The latest three readings with edit and delete, and a link to the full history. */
export function RecentReadings({ readings, failed, units, onEdit, onDelete }: RecentReadingsProps): ReactElement {
  let body: ReactElement;
  if (!readings && failed) {
    body = (
      <div className="recent-body">
        <Alert variant="danger" title="Your readings could not be loaded">
          Check your connection and reload the page to try again.
        </Alert>
      </div>
    );
  } else if (!readings) {
    body = (
      <div className="recent-body recent-skeleton" role="status" aria-live="polite">
        <span className="visually-hidden">Loading recent readings…</span>
        {Array.from({ length: RECENT_COUNT }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </div>
    );
  } else if (readings.length === 0) {
    body = <p className="recent-empty">{RECENT_EMPTY}</p>;
  } else {
    body = (
      <div className="readings-table-wrap">
        <table className="readings-table">
          <caption className="visually-hidden">Your three latest readings</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Time</th>
              <th scope="col">Blood Pressure</th>
              <th scope="col">Heart Rate</th>
              <th scope="col">Weight</th>
              <th scope="col">Blood Sugar</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {readings.slice(0, RECENT_COUNT).map((r) => {
              const category = readingBpCategory(r);
              const when = `${formatDate(r.date)} ${r.time}`;
              return (
                <tr key={r.id}>
                  <td data-label="Date" className="cell-number">
                    {formatDate(r.date)}
                  </td>
                  <td data-label="Time" className="cell-number">
                    <span className="time-24">{r.time}</span>
                    <span className="time-12">{formatTime12(r.time)}</span>
                  </td>
                  <td data-label="Blood Pressure">
                    {r.systolic !== null && r.diastolic !== null ? (
                      <span className="cell-bp">
                        <span>
                          {r.systolic}/{r.diastolic} mmHg
                        </span>
                        {category ? <BpCategoryBadge category={category} /> : null}
                      </span>
                    ) : (
                      dash
                    )}
                  </td>
                  <td data-label="Heart Rate" className="cell-number">
                    {r.heartRate !== null ? `${r.heartRate} bpm` : dash}
                  </td>
                  <td data-label="Weight" className="cell-number">
                    {r.weight !== null ? formatWeight(r.weight, units.weightUnit) : dash}
                  </td>
                  <td data-label="Blood Sugar" className="cell-number">
                    {r.bloodSugar !== null ? formatBloodSugar(r.bloodSugar, units.bloodSugarUnit) : dash}
                  </td>
                  <td className="cell-actions">
                    <span className="row-actions">
                      <button type="button" className="btn btn-ghost" onClick={() => onEdit(r)} aria-label={`Edit reading of ${when}`}>
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-ghost-danger"
                        onClick={() => onDelete(r)}
                        aria-label={`Delete reading of ${when}`}
                      >
                        Delete
                      </button>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="card recent-card" aria-labelledby="recent-readings-heading">
      <div className="recent-header">
        <h2 id="recent-readings-heading" className="recent-title">
          Recent Readings
        </h2>
        <Link to="/history" className="text-sm">
          View All
        </Link>
      </div>
      {body}
    </section>
  );
}
