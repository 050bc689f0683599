import { useId, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../../components/dialog/Dialog';
import { Icon } from '../../../components/icons/Icon';
import { useToast } from '../../../components/toast';
import { useAccount } from '../../../lib/account';
import { readingBpCategory, useGuideline } from '../model/bpCategory';
import { useOnline } from '../../../lib/connection';
import { formatDate } from '../../../lib/dates';
import { removeQueued, type QueuedReading } from '../api/offlineQueue';
import { syncNow, useQueuedReadings } from '../api/offlineReadings';
import { MEASURE_COLUMNS, ReadingHeaderCells, ReadingValueCells, type ReadingUnits } from './ReadingCells';
import './queued.css';

/** The words of the two states, on the dashboard and in History. */
export const WAITING_TO_SYNC = 'Waiting to sync';
export const NOT_ACCEPTED = 'Not accepted';

/** The measures, the status and the actions. */
const COLUMNS = MEASURE_COLUMNS.length + 2;

function whenOf(item: QueuedReading): string {
  return `${formatDate(item.payload.date)} ${item.payload.time}`;
}

/** The server's words for a refused reading: its message, then each field's when they add to it. */
function RefusalMessage({ item, id }: { item: QueuedReading; id: string }): ReactElement | null {
  const refusal = item.refusal;
  if (!refusal) return null;
  const details = Object.values(refusal.fieldErrors).filter((text) => text !== refusal.message);
  return (
    <div className="queued-refusal" id={id}>
      <Icon name="alert-circle" size={18} className="queued-refusal-icon" />
      <div>
        <p className="queued-refusal-title">The server did not accept this reading: {refusal.message}</p>
        {details.length > 0 ? (
          <ul className="queued-refusal-details">
            {details.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        ) : null}
        <p className="queued-refusal-hint">Fix it to send it again, or discard it.</p>
      </div>
    </div>
  );
}

interface RowProps {
  item: QueuedReading;
  units: ReadingUnits;
  onEdit: (item: QueuedReading) => void;
  onDelete: (item: QueuedReading) => void;
}

function QueuedRow({ item, units, onEdit, onDelete }: RowProps): ReactElement {
  const refusalId = useId();
  const refused = item.refusal !== null;
  const when = whenOf(item);
  const guideline = useGuideline();
  return (
    <>
      <tr className={refused ? 'queued-row queued-row-refused' : 'queued-row'}>
        <ReadingValueCells values={item.payload} category={readingBpCategory(guideline, item.payload)} units={units} />
        <td data-label="Status" className="queued-status-cell">
          <span className={refused ? 'queued-badge queued-badge-refused' : 'queued-badge'}>
            <Icon name={refused ? 'alert-circle' : 'clock'} size={14} />
            {refused ? NOT_ACCEPTED : WAITING_TO_SYNC}
          </span>
        </td>
        <td className="cell-actions">
          <span className="row-actions">
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => onEdit(item)}
              aria-label={`${refused ? 'Fix' : 'Edit'} unsent reading of ${when}`}
              aria-describedby={refused ? refusalId : undefined}
            >
              {refused ? 'Fix' : 'Edit'}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-ghost-danger"
              onClick={() => onDelete(item)}
              aria-label={`${refused ? 'Discard' : 'Delete'} unsent reading of ${when}`}
            >
              {refused ? 'Discard' : 'Delete'}
            </button>
          </span>
        </td>
      </tr>
      {refused ? (
        <tr className="queued-refusal-row">
          <td colSpan={COLUMNS}>
            <RefusalMessage item={item} id={refusalId} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

export interface QueuedReadingsProps {
  units: ReadingUnits;
}

/**
 * The readings saved on this device and not yet on the server (issue 19), above the
 * dashboard's recent readings and History's table: each marked "Waiting to sync" (editable,
 * deletable) or, when the server refused it, "Not accepted" with its message, Fix and
 * Discard. Renders nothing while the queue is empty.
 */
export function QueuedReadings({ units }: QueuedReadingsProps): ReactElement | null {
  const account = useAccount();
  const { items } = useQueuedReadings();
  const online = useOnline();
  const navigate = useNavigate();
  const { toast } = useToast();
  const headingId = useId();
  const [toDelete, setToDelete] = useState<QueuedReading | null>(null);
  const [deleting, setDeleting] = useState(false);

  if (!account || items.length === 0) return null;
  const waiting = items.filter((item) => item.refusal === null).length;
  const refused = items.length - waiting;

  const confirmDelete = async (item: QueuedReading): Promise<void> => {
    setDeleting(true);
    try {
      await removeQueued(account.id, item.id);
      toast({
        title: item.refusal ? 'Reading discarded' : 'Reading deleted',
        description: `The unsent reading of ${whenOf(item)} was removed from this device.`,
      });
      setToDelete(null);
    } catch {
      toast({ title: 'The reading could not be removed', description: 'Please try again.', variant: 'destructive' });
    } finally {
      setDeleting(false);
    }
  };

  let summary: string;
  if (waiting === 0) summary = 'The server did not accept these readings. Fix or discard each one.';
  else if (online) summary = 'Saved on this device; sending them to your account now.';
  else summary = 'Saved on this device. They are sent to your account when the connection is back.';

  return (
    <section className="card queued-card" aria-labelledby={headingId}>
      <div className="queued-header">
        <div>
          <h2 id={headingId} className="queued-title">
            Not yet sent
            <span className="queued-count">
              {items.length} {items.length === 1 ? 'reading' : 'readings'}
              {refused > 0 ? ` · ${refused} not accepted` : ''}
            </span>
          </h2>
          <p className="text-sm text-muted">{summary}</p>
        </div>
        {online && waiting > 0 ? (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => syncNow(account.id)}>
            Send now
          </button>
        ) : null}
      </div>
      <div className="readings-table-wrap">
        <table className="readings-table queued-table">
          <caption className="visually-hidden">Readings saved on this device, not yet sent, oldest first</caption>
          <thead>
            <tr>
              <ReadingHeaderCells />
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <QueuedRow
                key={item.id}
                item={item}
                units={units}
                onEdit={(r) => navigate(`/vitals?queued=${r.id}`)}
                onDelete={setToDelete}
              />
            ))}
          </tbody>
        </table>
      </div>
      {toDelete ? (
        <Dialog
          title={toDelete.refusal ? 'Discard this reading?' : 'Delete this unsent reading?'}
          description={
            <p>
              The reading of {formatDate(toDelete.payload.date)} at {toDelete.payload.time} has not been sent. It will be
              removed from this device for good.
            </p>
          }
          confirmLabel={toDelete.refusal ? 'Discard' : 'Delete'}
          pendingLabel="Removing..."
          busy={deleting}
          onConfirm={() => void confirmDelete(toDelete)}
          onCancel={() => setToDelete(null)}
        />
      ) : null}
    </section>
  );
}
