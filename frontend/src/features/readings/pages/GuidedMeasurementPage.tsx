import type { ReactElement } from 'react';
import { Skeleton } from '../../../components/feedback/Skeleton';
import { PageHeader } from '../../../components/layout/PageHeader';
import { SubscriptionAlert } from '../../../components/subscription/SubscriptionAlert';
import { useSessionUser } from '../../../lib/session';
import { MeasureChoice } from '../components/MeasureChoice';
import { GuidedMeasurement } from '../guided/GuidedMeasurement';
import '../readings.css';
import '../guided/guided.css';

/** /vitals/guided: the guided measurement, for the signed-in user (whose draft it keeps). */
export default function GuidedMeasurementPage(): ReactElement {
  const { user } = useSessionUser();
  return (
    <div className="vitals-page page-stack">
      <PageHeader
        title="Guided measurement"
        description="A rest, then two or three readings a minute apart, saved as one with their average."
      />
      <MeasureChoice />
      <SubscriptionAlert />
      {user ? (
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
