import type { ReactElement } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/feedback/Alert';
import { Skeleton } from '../../../components/feedback/Skeleton';
import { PageHeader } from '../../../components/layout/PageHeader';
import { SubscriptionAlert } from '../../../components/subscription/SubscriptionAlert';
import { usePreferences } from '../../../lib/preferences';
import { parseEditId, useReading } from '../api/readings';
import { isNotFound } from '../../../lib/serverErrors';
import { useQueuedReading } from '../api/offlineReadings';
import { MeasureChoice } from '../components/MeasureChoice';
import { CuffPanel } from '../../bluetooth/ui/CuffPanel';
import { ReadingForm } from '../components/ReadingForm';
import '../readings.css';

function FormSkeleton({ label }: { label: string }): ReactElement {
  return (
    <div className="card vitals-form" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="vitals-skeleton-row">
          <Skeleton width="30%" height={14} />
          <div className="vitals-grid">
            <Skeleton height={44} />
            <Skeleton height={44} />
          </div>
        </div>
      ))}
      <Skeleton height={80} />
    </div>
  );
}

/**
 * /vitals: record a reading; with ?edit={id} (a valid number) edit one; with ?queued={id}
 * edit (or fix) one waiting on this device to be sent.
 */
export default function RecordVitalsPage(): ReactElement {
  const [params] = useSearchParams();
  const queuedId = parseEditId(params.get('queued'));
  const editId = queuedId === null ? parseEditId(params.get('edit')) : null;
  const { preferences, isLoaded } = usePreferences();
  const { data: reading, error, isLoading } = useReading(editId);
  const queued = useQueuedReading(queuedId);
  const editing = editId !== null || queuedId !== null;

  let body: ReactElement;
  if (!isLoaded || (editId !== null && isLoading) || (queuedId !== null && !queued.loaded)) {
    body = <FormSkeleton label={editing ? 'Loading the reading…' : 'Loading the form…'} />;
  } else if (queuedId !== null) {
    body = queued.item ? (
      <ReadingForm
        key={`queued-${queuedId}-${preferences.weightUnit}-${preferences.bloodSugarUnit}`}
        preferences={preferences}
        queued={queued.item}
      />
    ) : (
      <Alert variant="info" role="status" title="This reading is no longer waiting on this device">
        <p>It was sent to your account or deleted.</p>
        <p>
          <Link to="/history">Back to history</Link>
        </p>
      </Alert>
    );
  } else if (editId !== null && (error || !reading)) {
    const notFound = isNotFound(error);
    body = (
      <Alert variant="danger" role="alert" title={notFound ? 'Reading not found' : 'The reading could not be loaded'}>
        <p>
          {notFound
            ? 'This reading does not exist or was deleted.'
            : 'Check your connection and reload the page to try again.'}
        </p>
        <p>
          <Link to="/history">Back to history</Link>
        </p>
      </Alert>
    );
  } else {
    body = (
      <ReadingForm
        key={`${editId ?? 'new'}-${preferences.weightUnit}-${preferences.bloodSugarUnit}`}
        preferences={preferences}
        {...(editId !== null && reading ? { reading } : {})}
      />
    );
  }

  return (
    <div className="vitals-page page-stack">
      <PageHeader
        title={editing ? 'Edit Reading' : 'Record Vitals'}
        description={
          queuedId !== null
            ? 'This reading is saved on this device and waits to be sent. Correct it, then update it.'
            : editing
            ? 'Correct the values of this reading, then update it.'
            : 'Enter what you measured. Every measurement is optional, but enter at least one.'
        }
      />
      {editing ? null : <MeasureChoice />}
      {editing ? null : <CuffPanel autoStart={params.get('cuff') === '1'} />}
      <SubscriptionAlert />
      {body}
    </div>
  );
}
