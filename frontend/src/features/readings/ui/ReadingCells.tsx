import type { ReactElement, ReactNode } from 'react';
import { Skeleton } from '../../../components/feedback/Skeleton';
import { formatDate, formatTime12 } from '../../../lib/dates';
import type { Preferences } from '../../../lib/preferences';
import { categoryOf, type Category } from '../model/bpCategory';
import type { Reading } from '../api/readings';
import { formatBloodSugar, formatWeight } from '../../../lib/units';
import { BpCategoryBadge } from './BpCategoryBadge';
import './readings.css';

/** What a reading table shows for a measure that was not recorded. */
export const MISSING = '---';

export type ReadingUnits = Pick<Preferences, 'weightUnit' | 'bloodSugarUnit'>;

/** The '---' placeholder for a missing value, read out as 'not recorded'. */
export function Missing(): ReactElement {
  return (
    <span className="cell-missing" aria-label="not recorded">
      {MISSING}
    </span>
  );
}

/**
 * A blood pressure as recorded: '120/80', half of one as '133/---' (every value entered is
 * shown), a single '---' when neither number was recorded.
 */
export function BloodPressureText({ systolic, diastolic }: { systolic: number | null; diastolic: number | null }): ReactElement {
  if (systolic === null && diastolic === null) return <Missing />;
  return (
    <>
      {systolic ?? <Missing />}/{diastolic ?? <Missing />}
    </>
  );
}

/** The measure columns in order, as `ReadingCells` fills them. */
export const MEASURE_COLUMNS = ['Date', 'Time', 'Blood Pressure', 'Heart Rate', 'Weight', 'Blood Sugar'];

/** The header cells of the measure columns (Date to Blood Sugar), matching `ReadingCells`. */
export function ReadingHeaderCells(): ReactElement {
  return (
    <>
      {MEASURE_COLUMNS.map((l) => (
        <th key={l} scope="col">
          {l}
        </th>
      ))}
    </>
  );
}

/** A reading's date (MM/DD/YYYY) and time cells (24 or 12 hour by screen width). */
export function ReadingWhenCells({ date, time }: { date: string; time: string }): ReactElement {
  return (
    <>
      <td data-label="Date" className="cell-number cell-date">
        {formatDate(date)}
      </td>
      <td data-label="Time" className="cell-number cell-time">
        <span className="time-24">{time}</span>
        <span className="time-12">{formatTime12(time)}</span>
      </td>
    </>
  );
}

export interface BloodPressureCellProps {
  systolic: number | null;
  diastolic: number | null;
  /** The server's category (null without one; from one number where the guideline's "or" decides). */
  category: Category | null;
  /** Shown under the blood pressure (a guided measurement's marker, a clinic reading's tag; see `ReadingRow`). */
  extra?: ReactNode;
}

/**
 * The tag of a reading taken at the clinic (issue 35): office blood pressure, which the home
 * average leaves out. Screen readers hear it in full.
 */
export function ClinicTag(): ReactElement {
  return (
    <span className="reading-tag">
      <span aria-hidden="true">Clinic</span>
      <span className="visually-hidden">Taken at the clinic</span>
    </span>
  );
}

/** The blood pressure cell: the numbers as recorded with their category badge, '---' for none. */
export function BloodPressureCell({ systolic, diastolic, category, extra }: BloodPressureCellProps): ReactElement {
  const empty = systolic === null && diastolic === null && !extra;
  return (
    <td data-label="Blood Pressure" className={empty ? 'cell-measure cell-bp-cell cell-empty' : 'cell-measure cell-bp-cell'}>
      {systolic === null && diastolic === null ? (
        <span className="cell-bp-stack">
          <Missing />
          {extra}
        </span>
      ) : (
        <span className="cell-bp-stack">
          <span className="cell-bp">
            <span>
              <BloodPressureText systolic={systolic} diastolic={diastolic} /> mmHg
            </span>
            {category ? <BpCategoryBadge category={category} /> : null}
          </span>
          {extra}
        </span>
      )}
    </td>
  );
}

/**
 * A measure cell's classes: `cell-empty` for one not recorded, which the phone's compact row
 * leaves out (the desktop table shows its '---').
 */
const measureClass = (value: number | null): string => (value === null ? 'cell-number cell-measure cell-empty' : 'cell-number cell-measure');

/** A reading's date, time and measures: a saved reading's, or one not saved yet (an import's preview). */
export type ReadingValues = Pick<Reading, 'date' | 'time' | 'systolic' | 'diastolic' | 'heartRate' | 'weight' | 'bloodSugar'>;

/**
 * The measure cells of a reading's values: date, time (24 or 12 hour by screen width),
 * blood pressure with its category badge, heart rate, weight and blood sugar in the user's
 * units, and '---' for whatever is missing. Every value recorded is shown: half a blood
 * pressure reads '133/--- mmHg' (with a category only where one number decides it).
 */
export function ReadingValueCells({
  values: r,
  category,
  units,
  bloodPressureExtra,
  shown,
}: {
  values: ReadingValues;
  /** The server's category of a saved reading; `readingBpCategory` of unsaved numbers. */
  category: Category | null;
  units: ReadingUnits;
  /** Shown under the blood pressure (a guided measurement's marker; see `ReadingRow`). */
  bloodPressureExtra?: ReactNode;
  /** What the weight and blood sugar cells say instead of the value in the user's units (an import adds the value as read). */
  shown?: { weight?: ReactNode; bloodSugar?: ReactNode };
}): ReactElement {
  return (
    <>
      <ReadingWhenCells date={r.date} time={r.time} />
      <BloodPressureCell systolic={r.systolic} diastolic={r.diastolic} category={category} extra={bloodPressureExtra} />
      <td data-label="Heart Rate" className={measureClass(r.heartRate)}>
        {r.heartRate !== null ? `${r.heartRate} bpm` : <Missing />}
      </td>
      <td data-label="Weight" className={measureClass(r.weight)}>
        {r.weight !== null ? (shown?.weight ?? formatWeight(r.weight, units.weightUnit)) : <Missing />}
      </td>
      <td data-label="Blood Sugar" className={measureClass(r.bloodSugar)}>
        {r.bloodSugar !== null ? (shown?.bloodSugar ?? formatBloodSugar(r.bloodSugar, units.bloodSugarUnit)) : <Missing />}
      </td>
    </>
  );
}

/** A saved reading's measure cells, with the server's blood pressure category. */
export function ReadingCells({
  reading,
  units,
  bloodPressureExtra,
}: {
  reading: Reading;
  units: ReadingUnits;
  /** Shown under the blood pressure (a guided measurement's marker; see `ReadingRow`). */
  bloodPressureExtra?: ReactNode;
}): ReactElement {
  return (
    <ReadingValueCells values={reading} category={categoryOf(reading)} units={units} bloodPressureExtra={bloodPressureExtra} />
  );
}

/**
 * A reading's notes: on wide screens one line cut with an ellipsis (whole in its tooltip, to
 * screen readers and when the row holds the keyboard focus), whole under the reading on
 * phones; '---' for none.
 */
export function NotesCell({ notes }: { notes: string | null }): ReactElement {
  return (
    <td data-label="Notes" className={notes ? 'cell-notes cell-notes-written' : 'cell-notes cell-empty'}>
      {notes ? (
        <span className="cell-notes-text" title={notes}>
          {notes}
        </span>
      ) : (
        <Missing />
      )}
    </td>
  );
}

export interface ReadingActionsCellProps {
  reading: Reading;
  onEdit: (reading: Reading) => void;
  onDelete: (reading: Reading) => void;
}

/** The row's Edit and Delete buttons, named after the reading's date and time. */
export function ReadingActionsCell({ reading, onEdit, onDelete }: ReadingActionsCellProps): ReactElement {
  const when = `${formatDate(reading.date)} ${reading.time}`;
  return (
    <td className="cell-actions">
      <span className="row-actions">
        <button type="button" className="btn btn-ghost" onClick={() => onEdit(reading)} aria-label={`Edit reading of ${when}`}>
          Edit
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-ghost-danger"
          onClick={() => onDelete(reading)}
          aria-label={`Delete reading of ${when}`}
        >
          Delete
        </button>
      </span>
    </td>
  );
}

export interface ReadingTableSkeletonProps {
  /** Placeholder rows (as many as the table will show). */
  rows: number;
  /** Whether the table has a Notes column (History's). */
  notes?: boolean;
  /** What screen readers hear while it loads. */
  label: string;
}

/**
 * A reading table's placeholder with the table's own markup and styles, so it takes the
 * loaded table's place at every width (rows on wide screens, cards on phones) and the page
 * below does not jump when the readings arrive.
 */
export function ReadingTableSkeleton({ rows, notes = false, label }: ReadingTableSkeletonProps): ReactElement {
  const labels = notes ? [...MEASURE_COLUMNS, 'Notes'] : MEASURE_COLUMNS;
  return (
    <div className="readings-table-wrap" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <table className="readings-table readings-table-skeleton" aria-hidden="true">
        <thead>
          <tr>
            {labels.map((l) => (
              <th key={l} scope="col">
                {l}
              </th>
            ))}
            <th scope="col" />
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, i) => (
            <tr key={i}>
              {labels.map((l) => (
                <td key={l} data-label={l}>
                  <Skeleton width={l === 'Blood Pressure' ? '9em' : '5em'} height="1.25em" />
                </td>
              ))}
              <td className="cell-actions">
                <span className="row-actions">
                  <Skeleton width="7.5em" height={30} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
