import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { Icon } from '../../../components/icons/Icon';
import { cx } from '../../../lib/cx';
import { formatTime12 } from '../../../lib/dates';
import { PERIOD_LABELS, type Reading } from '../api/readings';
import type { SessionDto } from '../../../lib/apiTypes';
import { hasMarks, ReadingMarks } from './ReadingSource';
import { Missing, ReadingActionsCell, ReadingCells, type ReadingUnits } from './ReadingCells';

/** A guided measurement's marker: 'Guided · 2 readings', its period, and whether the rest was skipped. */
export function sessionMarker(session: SessionDto): { main: string; detail: string } {
  const count = session.readings.length;
  const period = PERIOD_LABELS[session.period];
  return {
    main: `Guided · ${count} ${count === 1 ? 'reading' : 'readings'}`,
    detail: session.restSkipped ? `${period} · rest skipped` : period,
  };
}

/** A guided measurement's own readings, in the order they were taken. */
export function SessionReadings({ session }: { session: SessionDto }): ReactElement {
  return (
    <ol className="session-readings">
      {session.readings.map((r, i) => (
        <li key={`${i}-${r.time}`} className="session-reading">
          <span className="session-reading-n">
            <span className="session-reading-word">Reading </span>
            {i + 1}
          </span>
          <span className="session-reading-time">
            <span className="time-24">{r.time}</span>
            <span className="time-12">{formatTime12(r.time)}</span>
          </span>
          <span className="session-reading-bp">
            {r.systolic}/{r.diastolic} mmHg
          </span>
          <span className="session-reading-hr">{r.heartRate !== null ? `${r.heartRate} bpm` : <Missing />}</span>
        </li>
      ))}
    </ol>
  );
}

export interface ReadingRowProps {
  reading: Reading;
  units: ReadingUnits;
  /** How many columns the table has (the session's readings span them all). */
  columns: number;
  onEdit: (reading: Reading) => void;
  onDelete: (reading: Reading) => void;
  /** Cells between the measures and the actions (History's notes). */
  children?: ReactNode;
}

/**
 * One reading's row of a reading table (dashboard and history). A guided measurement's row
 * is marked as such under its blood pressure (the session's average), with a disclosure
 * button that shows its individual readings in a row below; a clinic reading's is tagged.
 */
export function ReadingRow({ reading, units, columns, onEdit, onDelete, children }: ReadingRowProps): ReactElement {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { session } = reading;
  const marker = session ? sessionMarker(session) : null;
  return (
    <>
      <tr className={cx(session && 'reading-row-session', open && 'reading-row-open')}>
        <ReadingCells
          reading={reading}
          units={units}
          bloodPressureExtra={
            marker ? (
              <button
                type="button"
                className="session-toggle"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpen((o) => !o)}
              >
                <Icon name="chevron-down" size={16} className="session-toggle-icon" />
                <span className="session-toggle-text">
                  {`${marker.main} · `}
                  <span className="session-toggle-detail">{marker.detail}</span>
                </span>
              </button>
            ) : hasMarks(reading) ? (
              <ReadingMarks reading={reading} />
            ) : null
          }
        />
        {children}
        <ReadingActionsCell reading={reading} onEdit={onEdit} onDelete={onDelete} />
      </tr>
      {session ? (
        <tr className="session-row" id={panelId} hidden={!open}>
          <td colSpan={columns}>{open ? <SessionReadings session={session} /> : null}</td>
        </tr>
      ) : null}
    </>
  );
}
