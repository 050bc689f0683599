import { useState, type ReactElement } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../components/feedback/Alert';
import { PageHeader } from '../../../components/layout/PageHeader';
import { SectionLoadError } from '../../../components/layout/SectionCard';
import { ToggleRow } from '../../../components/form/ToggleRow';
import { MEDICATIONS_NEED_SUBSCRIPTION, useMedicationWrite } from '../ui/useMedicationWrite';
import { SubscriptionAlert } from '../../../components/subscription/SubscriptionAlert';
import { formatDate } from '../../../lib/dates';
import { formLabel } from '../model/medicationCodes';
import { latestPeriod, updateMedication, useMedication, type Medication } from '../api/medications';
import { parseEditId } from '../../readings/api/readings';
import { MEDICATION_MESSAGES } from '../../../lib/rules';
import { isNotFound } from '../../../lib/serverErrors';
import { BloodPressureTag } from '../components/BloodPressureTag';
import { ChangeDoseForm } from '../components/ChangeDoseForm';
import { DetailsForm } from '../components/DetailsForm';
import { DoseHistory } from '../components/DoseHistory';
import { AdherenceCard, EffectsCard } from '../components/MedicationAnalysis';
import { DeleteMedicationDialog, StopDialog } from '../components/MedicationDialogs';
import { spanOf } from '../components/MedicationList';
import { MedicationsSkeleton } from './MedicationsPage';
import '../medications.css';

type Panel = 'none' | 'change' | 'details' | 'stop' | 'delete';

/** Taking it now, stopping on a day to come, or stopped. */
function statusOf(medication: Medication): string {
  if (!medication.current) return `Stopped: last day ${formatDate(medication.endDate ?? medication.startDate)}`;
  if (medication.endDate) return `Taking it, until ${formatDate(medication.endDate)}`;
  return 'Taking it now';
}

/** The medication, its dose and dose history, and what can be done with it. */
function DoseCard({ medication }: { medication: Medication }): ReactElement {
  const write = useMedicationWrite();
  const [panel, setPanel] = useState<Panel>('none');
  const [savingReminders, setSavingReminders] = useState(false);
  const current = latestPeriod(medication);

  const setReminders = async (reminders: boolean): Promise<void> => {
    setSavingReminders(true);
    await write(() => updateMedication(medication.id, { reminders }), {
      failure: 'The reminders could not be changed',
      success: { title: reminders ? 'Reminders on' : 'Reminders off', description: reminders ? 'An email at each dose time.' : undefined },
    });
    setSavingReminders(false);
  };
  const restart = (): void => {
    void write(() => updateMedication(medication.id, { endDate: null }), {
      failure: 'The medication could not be restarted',
      success: { title: 'Taking it again', description: `${medication.name} is one of your current medications again.` },
    });
  };

  return (
    <section className="card med-card" aria-labelledby="med-dose-heading">
      <div className="med-card-header">
        <h2 id="med-dose-heading" className="med-card-title">
          {medication.current ? 'Current dose' : 'Last dose'}
        </h2>
        <span className={medication.current ? 'med-status med-status-current' : 'med-status'}>{statusOf(medication)}</span>
      </div>
      {current ? <p className="med-current-dose">{current.label}</p> : null}
      <p className="text-sm text-muted med-facts">
        {spanOf(medication)}
        {medication.reason ? ` · For: ${medication.reason}` : ''}
        {medication.forBloodPressure ? (
          <>
            {' '}
            <BloodPressureTag />
          </>
        ) : null}
      </p>

      {panel === 'none' || panel === 'stop' || panel === 'delete' ? (
        <div className="med-buttons">
          {medication.current ? (
            <>
              <button type="button" className="btn btn-primary" onClick={() => setPanel('change')}>
                Change dose
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => setPanel('stop')}>
                Stop taking
              </button>
            </>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={restart}>
              Take it again
            </button>
          )}
          <button type="button" className="btn btn-secondary" onClick={() => setPanel('details')}>
            Edit details
          </button>
        </div>
      ) : null}
      {panel === 'change' ? <ChangeDoseForm medication={medication} onDone={() => setPanel('none')} /> : null}
      {panel === 'details' ? <DetailsForm medication={medication} onDone={() => setPanel('none')} /> : null}

      <div className="med-toggles">
        <ToggleRow
          id="med-page-reminders"
          name="reminders"
          label="Email reminders"
          description={
            current && current.times.length > 0
              ? `An email at each dose time (${current.times.join(', ')}), in your time zone.`
              : 'An email at each dose time, in your time zone (none for a medication taken as needed).'
          }
          checked={medication.reminders}
          disabled={savingReminders}
          onChange={(checked) => void setReminders(checked)}
        />
      </div>

      <h3 className="med-subtitle">Dose history</h3>
      <DoseHistory periods={medication.periods} />

      <div className="med-danger">
        <button type="button" className="btn btn-ghost med-delete" onClick={() => setPanel('delete')}>
          Delete medication
        </button>
      </div>
      {panel === 'stop' ? <StopDialog medication={medication} onClose={() => setPanel('none')} /> : null}
      {panel === 'delete' ? <DeleteMedicationDialog medication={medication} onClose={() => setPanel('none')} /> : null}
    </section>
  );
}

/** `/medications/:id`: a medication's doses, the blood pressure around each change, and its doses taken. */
export default function MedicationPage(): ReactElement {
  const { id: raw } = useParams();
  const id = parseEditId(raw ?? null);
  const { data, error, mutate } = useMedication(id);
  const notFound = id === null || isNotFound(error);

  let body: ReactElement;
  if (notFound) {
    body = (
      <Alert variant="warning" title={MEDICATION_MESSAGES.notFound} role="alert">
        <p>It may have been deleted. Your medications are listed on the Medications page.</p>
      </Alert>
    );
  } else if (!data && error !== undefined) {
    body = <SectionLoadError what="medication" onRetry={() => void mutate()} />;
  } else if (!data) {
    body = <MedicationsSkeleton label="Loading this medication…" />;
  } else {
    body = (
      <>
        <DoseCard key={data.medication.id} medication={data.medication} />
        <div className="med-analysis">
          <EffectsCard detail={data} />
          <AdherenceCard adherence={data.adherence} />
        </div>
      </>
    );
  }

  const medication = data?.medication;
  return (
    <div className="medication-page page-stack">
      <PageHeader
        title={medication?.name ?? 'Medication'}
        description={medication ? formLabel(medication.form) : undefined}
        actions={
          <Link to="/medications" className="btn btn-secondary">
            All medications
          </Link>
        }
      />
      <SubscriptionAlert reason={MEDICATIONS_NEED_SUBSCRIPTION} />
      {body}
    </div>
  );
}
