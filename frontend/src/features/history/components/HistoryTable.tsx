import type { ReactElement } from 'react';
import { BpCategoryBadge } from '../../../components/readings/BpCategoryBadge';
import { formatDate, formatTime12 } from '../../../lib/dates';
import type { Preferences } from '../../../lib/preferences';
import { readingBpCategory, type Reading } from '../../../lib/readings';
import { formatBloodSugar, formatWeight } from '../../../lib/units';

export const MISSING = '---';

export interface HistoryTableProps {
  readings: ReadonlyArray<Reading>;
  units: Pick<Preferences, 'weightUnit' | 'bloodSugarUnit'>;
  onEdit: (reading: Reading) => void;
  onDelete: (reading: Reading) => void;
}

function Missing(): ReactElement {
  return (
    <span className="cell-missing" aria-label="not recorded">
      {MISSING}
    </span>
  );
}

/** History's table: every measure with '---' for a missing one, the notes, and actions. */
export function HistoryTable({ readings, units, onEdit, onDelete }: HistoryTableProps): ReactElement {
  return (
    <div className="readings-table-wrap">
      <table className="readings-table">
        <caption className="visually-hidden">Your readings, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Time</th>
            <th scope="col">Blood Pressure</th>
            <th scope="col">Heart Rate</th>
            <th scope="col">Weight</th>
            <th scope="col">Blood Sugar</th>
            <th scope="col">Notes</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {readings.map((r) => {
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
                    <Missing />
                  )}
                </td>
                <td data-label="Heart Rate" className="cell-number">
                  {r.heartRate !== null ? `${r.heartRate} bpm` : <Missing />}
                </td>
                <td data-label="Weight" className="cell-number">
                  {r.weight !== null ? formatWeight(r.weight, units.weightUnit) : <Missing />}
                </td>
                <td data-label="Blood Sugar" className="cell-number">
                  {r.bloodSugar !== null ? formatBloodSugar(r.bloodSugar, units.bloodSugarUnit) : <Missing />}
                </td>
                <td data-label="Notes" className="cell-notes">
                  {r.notes ? r.notes : <Missing />}
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
