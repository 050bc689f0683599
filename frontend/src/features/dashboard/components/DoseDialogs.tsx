import { useState, type ReactElement } from 'react';
import { Dialog } from '../../../components/dialog/Dialog';
import { FieldError } from '../../../components/form/FieldError';
import { TextField } from '../../../components/form/TextField';
import { formatDate, formatTime12, isoTimeIn } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/preferences';
import { INTAKE_REASON_MAX, INTAKE_REASON_MESSAGE } from '../../medications/model/medicationCodes';
import type { AsNeededLog, Dose } from '../../medications/api/medications';
import { MEDICATION_MESSAGES } from '../../../lib/rules';

export interface SkipDialogProps {
  dose: Dose;
  busy: boolean;
  /** Called with the reason; the card closes the dialog once the skip is recorded. */
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** Skip a dose, with an optional reason (kept with the dose: "felt dizzy"). */
export function SkipDialog({ dose, busy, onConfirm, onCancel }: SkipDialogProps): ReactElement {
  const [reason, setReason] = useState('');
  const error = reason.trim().length > INTAKE_REASON_MAX ? INTAKE_REASON_MESSAGE : undefined;
  return (
    <Dialog
      title={`Skip ${dose.name}?`}
      description={
        <p>
          {dose.name} {dose.doseLabel} at {formatTime12(dose.time)} is recorded as skipped, not missed. You can add why.
        </p>
      }
      formLabel="Skip dose"
      confirmLabel="Skip dose"
      pendingLabel="Saving..."
      confirmVariant="primary"
      busy={busy}
      initialFocusId="skip-reason"
      onConfirm={() => {
        if (!error) onConfirm(reason);
      }}
      onCancel={onCancel}
    >
      <div className={error ? 'field field-invalid' : 'field'}>
        <label className="field-label" htmlFor="skip-reason">
          Reason (optional)
        </label>
        <textarea
          id="skip-reason"
          className="field-input dose-reason"
          rows={2}
          maxLength={INTAKE_REASON_MAX}
          placeholder="e.g. felt dizzy"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'skip-reason-error' : undefined}
        />
        <FieldError id="skip-reason-error" error={error} />
      </div>
    </Dialog>
  );
}

export interface LogDoseDialogProps {
  medication: AsNeededLog;
  /** The day shown (YYYY-MM-DD) and the server's today: a dose of today is not later than now. */
  date: string;
  today: string;
  busy: boolean;
  onConfirm: (time: string) => void;
  onCancel: () => void;
}

/**
 * Log a dose of an as-needed medication at a time: now by default, on the clock of the user's
 * time zone (the one the server dates doses in, which may not be this browser's).
 */
export function LogDoseDialog({ medication, date, today, busy, onConfirm, onCancel }: LogDoseDialogProps): ReactElement {
  const timeZone = useTimeZone();
  const [time, setTime] = useState(() => isoTimeIn(timeZone));
  const [error, setError] = useState<string | undefined>();
  const confirm = (): void => {
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) {
      setError('Enter the time you took it');
      return;
    }
    if (date === today && time > isoTimeIn(timeZone)) {
      setError(MEDICATION_MESSAGES.future);
      return;
    }
    setError(undefined);
    onConfirm(time);
  };
  return (
    <Dialog
      title={`Log a dose of ${medication.name}`}
      description={<p>{date === today ? `${medication.doseLabel}, taken today.` : `${medication.doseLabel}, taken on ${formatDate(date)}.`}</p>}
      formLabel="Log a dose"
      confirmLabel="Log dose"
      pendingLabel="Saving..."
      confirmVariant="primary"
      busy={busy}
      initialFocusId="log-time"
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <TextField id="log-time" label="Time taken" type="time" required value={time} onChange={(e) => setTime(e.target.value)} error={error} />
    </Dialog>
  );
}
