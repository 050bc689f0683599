import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/feedback/Alert';
import { NeedsConnection } from '../../../components/feedback/NeedsConnection';
import { Skeleton } from '../../../components/feedback/Skeleton';
import { useOnline } from '../../../lib/connection';
import { PageHeader } from '../../../components/layout/PageHeader';
import { SubscriptionAlert } from '../../../components/subscription/SubscriptionAlert';
import { useSessionUser } from '../../../lib/session';
import { MeasureChoice } from '../components/MeasureChoice';
import { GuidedMeasurement } from '../guided/GuidedMeasurement';
import '../readings.css';
import '../guided/guided.css';

/**
 * /vitals/guided: the guided measurement, for the signed-in user (whose draft it keeps).
 * Offline it says it needs a connection (the server saves the session as one reading with its
 * readings) and points to the single reading, which is kept on this device; a measurement
 * already under way goes on (its draft is kept) and is saved once back online.
 */
export default function GuidedMeasurementPage(): ReactElement {
  const { user } = useSessionUser();
  const online = useOnline();
  return (
    <div className="vitals-page page-stack">
      <PageHeader
        title="Guided measurement"
        description="A rest, then two or three readings a minute apart, saved as one with their average."
      />
      <MeasureChoice />
      <SubscriptionAlert />
      {!online && user ? (
        <Alert variant="warning" role="status" title="You're offline">
          The guided measurement needs a connection to be saved: you can go on, and save it when you&apos;re back.
        </Alert>
      ) : null}
      {!online && !user ? (
        <NeedsConnection title="The guided measurement">
          <p>
            You can <Link to="/vitals">record a single reading</Link> now: it is saved on this device and sent when
            you&apos;re back.
          </p>
        </NeedsConnection>
      ) : user ? (
        <GuidedMeasurement key={user.id} owner={user.id} />
      ) : (
        <div className="card guided-card" role="status" aria-live="polite">
          <span className="visually-hidden">Loading…</span>
          <Skeleton height={28} width="40%" />
          <Skeleton height={160} />
        </div>
      )}
    </div>
  );
}
