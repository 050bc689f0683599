import type { ReactElement } from 'react';
import { NotesCell, ReadingHeaderCells, type ReadingUnits } from '../../readings/ui/ReadingCells';
import { ReadingRow } from '../../readings/ui/ReadingRow';
import type { Reading } from '../../readings/api/readings';

/** The measures, the notes and the actions. */
const HISTORY_COLUMNS = 8;

export interface HistoryTableProps {
  readings: ReadonlyArray<Reading>;
  units: ReadingUnits;
  onEdit: (reading: Reading) => void;
  onDelete: (reading: Reading) => void;
}

/**
 * History's table: every measure with '---' for a missing one, the notes, and actions. On
 * wide screens a long note keeps to one line (cut with an ellipsis, whole in its tooltip,
 * to screen readers, and while its row holds the focus), so a page of 10 fits a laptop
 * screen; phone cards show it whole. A guided measurement's row expands to its readings.
 */
export function HistoryTable({ readings, units, onEdit, onDelete }: HistoryTableProps): ReactElement {
  return (
    <div className="readings-table-wrap">
      <table className="readings-table">
        <caption className="visually-hidden">Your readings, newest first</caption>
        <thead>
          <tr>
            <ReadingHeaderCells />
            <th scope="col">Notes</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {readings.map((r) => (
            <ReadingRow key={r.id} reading={r} units={units} columns={HISTORY_COLUMNS} onEdit={onEdit} onDelete={onDelete}>
              <NotesCell notes={r.notes} />
            </ReadingRow>
          ))}
        </tbody>
      </table>
    </div>
  );
}
