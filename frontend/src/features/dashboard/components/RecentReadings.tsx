import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/feedback/Alert';
import { ReadingHeaderCells, ReadingTableSkeleton } from '../../readings/ui/ReadingCells';
import { ReadingRow } from '../../readings/ui/ReadingRow';
import type { Reading } from '../../readings/api/readings';
import type { Units } from '../chartPoints';
import { RECENT_COUNT } from '../api/prefetch';
import { NeedsConnection } from '../../../components/feedback/NeedsConnection';
import { useOnline } from '../../../lib/connection';

export const RECENT_EMPTY = 'No readings available. Start by recording your vitals.';

export interface RecentReadingsProps {
  readings: ReadonlyArray<Reading> | undefined;
  failed: boolean;
  units: Units;
  onEdit: (reading: Reading) => void;
  onDelete: (reading: Reading) => void;
}

/** The latest three readings with edit and delete, and a link to the full history. */
export function RecentReadings({ readings, failed, units, onEdit, onDelete }: RecentReadingsProps): ReactElement {
  const online = useOnline();
  let body: ReactElement;
  if (!readings && failed && !online) {
    body = (
      <div className="recent-body">
        <NeedsConnection title="Your stored readings">
          Readings you record now are kept on this device and sent when you&apos;re back.
        </NeedsConnection>
      </div>
    );
  } else if (!readings && failed) {
    body = (
      <div className="recent-body">
        <Alert variant="danger" title="Your readings could not be loaded">
          Check your connection and reload the page to try again.
        </Alert>
      </div>
    );
  } else if (!readings) {
    body = <ReadingTableSkeleton rows={RECENT_COUNT} label="Loading recent readings…" />;
  } else if (readings.length === 0) {
    body = <p className="recent-empty">{RECENT_EMPTY}</p>;
  } else {
    body = (
      <div className="readings-table-wrap">
        <table className="readings-table">
          <caption className="visually-hidden">Your three latest readings</caption>
          <thead>
            <tr>
              <ReadingHeaderCells />
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {readings.slice(0, RECENT_COUNT).map((r) => (
              <ReadingRow key={r.id} reading={r} units={units} columns={7} onEdit={onEdit} onDelete={onDelete} />
            ))}
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
