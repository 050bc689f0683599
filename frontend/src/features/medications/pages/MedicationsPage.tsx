import { useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Skeleton } from '../../../components/feedback/Skeleton';
import { PageHeader } from '../../../components/layout/PageHeader';
import { SectionLoadError } from '../../../components/layout/SectionCard';
import { MEDICATIONS_NEED_SUBSCRIPTION } from '../ui/useMedicationWrite';
import { SubscriptionAlert } from '../../../components/subscription/SubscriptionAlert';
import { useMedications } from '../api/medications';
import { MedicationForm } from '../components/MedicationForm';
import { MedicationList } from '../components/MedicationList';
import '../medications.css';

/** The list's placeholder while it loads. */
export function MedicationsSkeleton({ label = 'Loading your medications…' }: { label?: string }): ReactElement {
  return (
    <div className="card med-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <Skeleton width="35%" height={20} />
      {[0, 1].map((i) => (
        <div key={i} className="med-skeleton-item">
          <Skeleton width="50%" height={18} />
          <Skeleton width="80%" height={14} />
        </div>
      ))}
    </div>
  );
}

/** No medication yet: what this page is for. */
function MedicationsIntro({ onAdd }: { onAdd: () => void }): ReactElement {
  return (
    <div className="card med-intro">
      <h2 className="med-list-title">No medications yet</h2>
      <p className="text-muted">
        Add what you take: each dose and when you take it, since when, and why. You can then tick off doses from the
        Dashboard, see when each one started or changed on your blood pressure chart, and how your readings compared
        before and after.
      </p>
      <div>
        <button type="button" className="btn btn-primary" onClick={onAdd}>
          Add medication
        </button>
      </div>
    </div>
  );
}

/** `/medications`: current and past medications, and adding one. */
export default function MedicationsPage(): ReactElement {
  const { data, error, mutate } = useMedications();
  const [adding, setAdding] = useState(false);
  // Once added, focus goes to the new medication's link (the form it was in is gone).
  const added = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (added.current === null) return;
    const link = document.getElementById(`medication-${added.current}`);
    if (link) {
      link.focus();
      added.current = null;
    }
  }, [adding, data]);

  let body: ReactElement;
  if (!data && error !== undefined) {
    body = <SectionLoadError what="medications" onRetry={() => void mutate()} />;
  } else if (!data) {
    body = <MedicationsSkeleton />;
  } else if (data.medications.length === 0) {
    body = adding ? <></> : <MedicationsIntro onAdd={() => setAdding(true)} />;
  } else {
    const current = data.medications.filter((m) => m.current);
    const past = data.medications.filter((m) => !m.current);
    body = (
      <>
        <MedicationList title="Current medications" medications={current} empty="You are not taking any medication now." />
        <MedicationList title="Past medications" medications={past} />
      </>
    );
  }

  return (
    <div className="medications-page page-stack">
      <PageHeader
        title="Medications"
        description={
          <>
            What you take, since when and why. Record your doses on the <Link to="/">Dashboard</Link>.
          </>
        }
        actions={
          adding ? null : (
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              Add medication
            </button>
          )
        }
      />
      <SubscriptionAlert reason={MEDICATIONS_NEED_SUBSCRIPTION} />
      {adding ? <MedicationForm
          onSaved={(m) => {
            added.current = m.id;
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        /> : null}
      {body}
    </div>
  );
}
