import { useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../../components/dialog/Dialog';
import { TextField } from '../../../components/form/TextField';
import { useMedicationWrite } from '../ui/useMedicationWrite';
import { formatDate, isoDateIn } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/preferences';
import { deleteMedication, latestPeriod, updateMedication, useRefreshMedications, type Medication } from '../api/medications';
import { stopSchema } from '../schemas';

export interface MedicationDialogProps {
  medication: Medication;
  /** Closes the dialog; `done` is true once the change was saved. */
  onClose: (done: boolean) => void;
}

/** Stop taking: the last day it was (or will be) taken; the medication then moves to the past ones. */
export function StopDialog({ medication, onClose }: MedicationDialogProps): ReactElement {
  const write = useMedicationWrite();
  const first = latestPeriod(medication)?.startDate ?? medication.startDate;
  // Today in the user's time zone (the server's today) until a day is typed: a browser in
  // another zone would otherwise offer yesterday and stop it a day early.
  const today = isoDateIn(useTimeZone());
  const [typed, setEndDate] = useState<string | null>(null);
  const endDate = typed ?? (today < first ? first : today);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const confirm = async (): Promise<void> => {
    try {
      await stopSchema(first).validateAt('endDate', { endDate });
    } catch (invalid) {
      setError(invalid instanceof Error ? invalid.message : String(invalid));
      return;
    }
    setError(undefined);
    setBusy(true);
    const result = await write(() => updateMedication(medication.id, { endDate }), {
      failure: 'The medication could not be stopped',
      success: { title: 'Medication stopped', description: `${medication.name}: last day ${formatDate(endDate)}.` },
    });
    setBusy(false);
    if (result.ok) onClose(true);
  };

  return (
    <Dialog
      title={`Stop taking ${medication.name}?`}
      description={<p>Choose the last day you take it. Its dose history and recorded doses stay; it moves to your past medications after that day.</p>}
      formLabel="Stop taking"
      confirmLabel="Stop taking"
      pendingLabel="Saving..."
      confirmVariant="primary"
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => onClose(false)}
      initialFocusId="stop-end-date"
    >
      <TextField
        id="stop-end-date"
        label="Last day"
        type="date"
        name="endDate"
        min={first}
        required
        value={endDate}
        onChange={(event) => setEndDate(event.target.value)}
        error={error}
      />
    </Dialog>
  );
}

/**
 * Delete: the medication, its dose history and every dose recorded, after saying so. Once
 * deleted the list is shown (its page no longer exists), then the cached answers are fetched again.
 */
export function DeleteMedicationDialog({ medication, onClose }: MedicationDialogProps): ReactElement {
  const write = useMedicationWrite();
  const navigate = useNavigate();
  const refresh = useRefreshMedications();
  const [busy, setBusy] = useState(false);
  const confirm = async (): Promise<void> => {
    setBusy(true);
    const result = await write(() => deleteMedication(medication.id), {
      failure: 'The medication could not be deleted',
      success: { title: 'Medication deleted', description: `${medication.name} and its recorded doses were deleted.` },
      refresh: false,
    });
    setBusy(false);
    if (!result.ok) return;
    onClose(true);
    navigate('/medications');
    void refresh();
  };
  return (
    <Dialog
      title={`Delete ${medication.name}?`}
      description={
        <>
          <p>
            This deletes {medication.name}, its dose history and <strong>every dose you recorded</strong> for it (taken
            or skipped). It also disappears from your charts and reports. This cannot be undone.
          </p>
          <p>If you no longer take it, “Stop taking” keeps its history instead.</p>
        </>
      }
      confirmLabel="Delete medication"
      pendingLabel="Deleting..."
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => onClose(false)}
    />
  );
}
