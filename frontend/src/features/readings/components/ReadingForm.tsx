import { useRef, useState, type ChangeEvent, type ReactElement } from 'react';
import { useFormik, type FormikErrors, type FormikHelpers } from 'formik';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/feedback/Alert';
import { Spinner } from '../../../components/feedback/Spinner';
import { TextField } from '../../../components/form/TextField';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { BpCategoryBadge } from '../ui/BpCategoryBadge';
import { useToast } from '../../../components/toast';
import { isApiError, isNetworkError } from '../../../lib/api';
import { useAccount } from '../../../lib/account';
import { isOnline } from '../../../lib/connection';
import { isInvalid } from '../../../lib/serverErrors';
import { editQueued, enqueue, newIdempotencyKey, samePayload, type QueuedReading } from '../api/offlineQueue';
import { syncNow } from '../api/offlineReadings';
import { toIsoDate, toIsoTime } from '../../../lib/dates';
import { UNITS_UNKNOWN_SAVE_BLOCKED, usePreferences, type Preferences } from '../../../lib/preferences';
import { categoryNote, classifyOne, isSevere, useGuideline } from '../model/bpCategory';
import { SevereGuidance } from '../ui/SevereGuidance';
import {
  SETTING_LABELS,
  createReading,
  updateReading,
  useRefreshReadings,
  type Reading,
  type ReadingPayload,
} from '../api/readings';
import { useRecordGuards } from '../useRecordGuards';
import {
  bloodSugarInputValue,
  bloodSugarStep,
  bloodSugarToCanonical,
  canonicalFromInput,
  weightInputValue,
  weightStep,
  weightToCanonical,
} from '../../../lib/units';
import { MEASUREMENT_FIELDS, hasNoMeasurement, readingMessages, readingSchema, type ReadingFormValues } from '../schema';
import { FieldError } from '../../../components/form/FieldError';
import { useSteadyError } from '../../../components/form/useSteadyError';
import { UnitsUnknownAlert } from '../ui/UnitsUnknownAlert';
import { BpInputs, HeartRateInput } from './BpInputs';
import { SESSION_NOTE_ID, SessionNote } from './SessionNote';
import { SourceNote } from '../ui/ReadingSource';
import { SegmentedFieldset } from '../../../components/form/SegmentedChoice';
import type { ReadingSetting } from '../../../lib/apiTypes';

const FORM_FIELDS = ['date', 'time', ...MEASUREMENT_FIELDS, 'notes', 'setting'] as const;
type FormField = (typeof FORM_FIELDS)[number];

/** Empty form with the date and time of now. */
export function emptyValues(now: Date = new Date()): ReadingFormValues {
  return {
    date: toIsoDate(now),
    time: toIsoTime(now),
    systolic: '',
    diastolic: '',
    heartRate: '',
    weight: '',
    bloodSugar: '',
    notes: '',
    setting: 'home',
  };
}

/** A stored (or queued) reading as form text, in the user's units. */
export function valuesOf(reading: ReadingPayload, units: Pick<Preferences, 'weightUnit' | 'bloodSugarUnit'>): ReadingFormValues {
  const whole = (v: number | null): string => (v === null ? '' : String(v));
  return {
    date: reading.date,
    time: reading.time,
    systolic: whole(reading.systolic),
    diastolic: whole(reading.diastolic),
    heartRate: whole(reading.heartRate),
    weight: weightInputValue(reading.weight, units.weightUnit),
    bloodSugar: bloodSugarInputValue(reading.bloodSugar, units.bloodSugarUnit),
    notes: reading.notes ?? '',
    setting: reading.setting ?? 'home',
  };
}

/**
 * The payload for the form's values. Weight and blood sugar go back in canonical units;
 * a value the user did not change is sent exactly as stored (no rounding drift).
 */
export function payloadOf(
  values: ReadingFormValues,
  units: Pick<Preferences, 'weightUnit' | 'bloodSugarUnit'>,
  original?: ReadingPayload,
): ReadingPayload {
  const initial = original ? valuesOf(original, units) : emptyValues();
  const whole = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));
  const notes = values.notes.trim();
  return {
    date: values.date.trim(),
    time: values.time.trim(),
    systolic: whole(values.systolic),
    diastolic: whole(values.diastolic),
    heartRate: whole(values.heartRate),
    weight: canonicalFromInput(values.weight, initial.weight, original?.weight ?? null, (v) =>
      weightToCanonical(v, units.weightUnit),
    ),
    bloodSugar: canonicalFromInput(values.bloodSugar, initial.bloodSugar, original?.bloodSugar ?? null, (v) =>
      bloodSugarToCanonical(v, units.bloodSugarUnit),
    ),
    notes: notes === '' ? null : notes,
    setting: values.setting,
  };
}

export interface ReadingFormProps {
  preferences: Pick<Preferences, 'weightUnit' | 'bloodSugarUnit'>;
  /** The reading being edited; without it (or `queued`) the form records a new one. */
  reading?: Reading;
  /** A reading waiting on this device to be sent, being edited (or fixed after a refusal). */
  queued?: QueuedReading;
}

const SETTING_OPTIONS = (['home', 'office'] as const).map((value) => ({ value, label: SETTING_LABELS[value] }));

/** The toast of a reading kept on this device. */
export const SAVED_ON_DEVICE = {
  title: 'Saved on this device',
  description: "You're offline: the reading will be sent when the connection is back.",
} as const;
export const NOT_SAVED_ON_DEVICE =
  'There is no connection and this browser did not let the reading be kept on this device. Keep the form open and save again when you are online.';
export const QUEUED_GONE = 'This reading was sent or deleted while you edited it. Find it in History to change it.';

/** The server's field errors of a refused queued reading, as the form's errors. */
function refusalErrors(queued: QueuedReading | undefined): FormikErrors<ReadingFormValues> {
  const errors: FormikErrors<ReadingFormValues> = {};
  for (const field of FORM_FIELDS) {
    const text = queued?.refusal?.fieldErrors[field];
    if (text) errors[field] = text;
  }
  return errors;
}

/** Record Vitals / Edit Reading form. */
export function ReadingForm({ preferences, reading, queued }: ReadingFormProps): ReactElement {
  const navigate = useNavigate();
  const { toast } = useToast();
  const refreshReadings = useRefreshReadings();
  const guards = useRecordGuards();
  const account = useAccount();
  const formRef = useRef<HTMLFormElement>(null);
  // The key of the last attempt: sending the same values again (after no answer) reuses it, so
  // the server stores them once; a double click is stopped before it, by `busy`.
  const attempt = useRef<{ key: string; payload: ReadingPayload } | null>(null);
  const busy = useRef(false);
  const [failure, setFailure] = useState<string | null>(queued?.refusal?.message ?? null);
  const original = reading ?? queued?.payload;
  const editing = original !== undefined;
  const { weightUnit, bloodSugarUnit } = preferences;
  const { unitsKnown } = usePreferences();

  const keepOnDevice = async (payload: ReadingPayload, key: string, sent: boolean): Promise<void> => {
    if (!account) return;
    try {
      await enqueue(account.id, payload, { key, sent });
    } catch (error) {
      console.error('offline queue', error);
      setFailure(NOT_SAVED_ON_DEVICE);
      toast({ title: readingMessages.recordFailed, description: NOT_SAVED_ON_DEVICE, variant: 'destructive' });
      return;
    }
    toast(SAVED_ON_DEVICE);
    navigate('/');
  };

  const saveQueued = async (item: QueuedReading, payload: ReadingPayload): Promise<void> => {
    if (!account || !(await editQueued(account.id, item.id, payload))) {
      setFailure(QUEUED_GONE);
      return;
    }
    syncNow(account.id);
    toast({ title: 'Reading updated', description: 'Your changes are saved on this device and will be sent.' });
    navigate('/history');
  };

  const initialErrors = refusalErrors(queued);
  const formik = useFormik<ReadingFormValues>({
    initialValues: original ? valuesOf(original, preferences) : emptyValues(),
    initialErrors,
    initialTouched: Object.fromEntries(Object.keys(initialErrors).map((k) => [k, true])),
    validationSchema: readingSchema(weightUnit, bloodSugarUnit),
    onSubmit: async (values, helpers) => {
      if (busy.current) return;
      busy.current = true;
      try {
        await submit(values, helpers);
      } finally {
        busy.current = false;
      }
    },
  });

  const submit = async (values: ReadingFormValues, helpers: FormikHelpers<ReadingFormValues>): Promise<void> => {
    setFailure(null);
    if (hasNoMeasurement(values)) {
      setFailure(readingMessages.noMeasurement);
      return;
    }
    if (!unitsKnown && (values.weight.trim() !== '' || values.bloodSugar.trim() !== '')) {
      setFailure(UNITS_UNKNOWN_SAVE_BLOCKED);
      return;
    }
    const payload = payloadOf(values, preferences, original);
    if (queued) {
      await saveQueued(queued, payload);
      return;
    }
    if (!(await guards.mayRecord())) return;
    const last = attempt.current;
    const key = last && samePayload(last.payload, payload) ? last.key : newIdempotencyKey();
    attempt.current = { key, payload };
    if (!reading && !isOnline() && account) {
      await keepOnDevice(payload, key, false);
      return;
    }
    // No userId: the server records the reading for the signed-in user.
    try {
      if (reading) {
        await updateReading(reading.id, payload);
      } else {
        await createReading(payload, key);
      }
    } catch (error) {
      // No answer: the server may or may not have it; the queue resends it with the same key.
      if (!reading && account && isNetworkError(error)) {
        await keepOnDevice(payload, key, true);
        return;
      }
      if (guards.handledAuthError(error)) return;
      const message = editing ? readingMessages.updateFailed : readingMessages.recordFailed;
      const fieldErrors = isApiError(error) ? error.fieldErrors : {};
      const known: FormikErrors<ReadingFormValues> = {};
      for (const field of FORM_FIELDS) {
        const text = fieldErrors[field];
        if (text) known[field] = text;
      }
      helpers.setErrors(known);
      setFailure(fieldErrors.measurements ?? message);
      toast({
        title: message,
        description: isApiError(error) && !isInvalid(error) ? error.serverMessage : undefined,
        variant: 'destructive',
      });
      return;
    }
    await refreshReadings();
    toast({
      title: editing ? 'Reading updated' : 'Reading saved',
      description: editing ? 'Your changes were saved.' : 'Your vitals were recorded.',
    });
    navigate(editing ? '/history' : '/');
  };
  const fieldError = useFieldErrors(formik, formRef);

  // A guided measurement's average: its blood pressure and heart rate stay as measured.
  const session = reading?.session ?? null;
  const locked = session ? { readOnly: true, 'aria-describedby': SESSION_NOTE_ID } : {};
  const field = (name: Exclude<FormField, 'setting'>) => ({
    name,
    value: formik.values[name],
    // Kept as typed: Formik would turn number inputs into numbers (and '' for junk).
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      void formik.setFieldValue(name, event.target.value);
    },
    onBlur: formik.handleBlur,
    error: fieldError(name),
  });

  const notesError = useSteadyError(fieldError('notes'));

  const onCancel = (): void => {
    if (editing) {
      navigate('/history');
      return;
    }
    setFailure(null);
    formik.resetForm({ values: emptyValues() });
  };

  // The preview of numbers not yet saved: the server classifies only what it stores. One
  // number alone gives a category where the guideline's "or" decides (systolic 200 alone is
  // a crisis and brings the guidance), as on the server.
  const guideline = useGuideline();
  const typed = (name: 'systolic' | 'diastolic'): number | null =>
    formik.values[name].trim() !== '' && !formik.errors[name] ? Number(formik.values[name]) : null;
  const systolic = typed('systolic');
  const diastolic = typed('diastolic');
  const category = classifyOne(guideline, systolic, diastolic);

  const pending = formik.isSubmitting;

  return (
    <form ref={formRef} className="card vitals-form" noValidate onSubmit={formik.handleSubmit} aria-label={editing ? 'Edit Reading' : 'Record Vitals'}>
      <UnitsUnknownAlert />
      {reading ? <SourceNote reading={reading} /> : null}
      {failure ? (
        <Alert variant="danger" role="alert">
          {failure}
        </Alert>
      ) : null}

      <fieldset className="vitals-section">
        <legend>When</legend>
        <div className="vitals-grid">
          <TextField id="vitals-date" label="Date" type="date" max={toIsoDate(new Date())} required {...field('date')} />
          <TextField id="vitals-time" label="Time" type="time" required {...field('time')} />
        </div>
      </fieldset>

      {/* A guided measurement is the home protocol: its reading is always a home one. */}
      {session ? null : (
        <div className="vitals-setting">
          <SegmentedFieldset<ReadingSetting>
            legend="Where was this taken?"
            name="setting"
            options={SETTING_OPTIONS}
            value={formik.values.setting}
            onChange={(value) => void formik.setFieldValue('setting', value)}
            error={fieldError('setting')}
            size="large"
          />
          <p className="text-sm text-muted">Readings taken at the clinic are kept out of your home average.</p>
        </div>
      )}

      <fieldset className="vitals-section">
        <legend>Blood pressure</legend>
        {session ? <SessionNote session={session} /> : null}
        <div className="vitals-grid vitals-grid-pair">
          <BpInputs idPrefix="vitals" systolic={{ ...field('systolic'), ...locked }} diastolic={{ ...field('diastolic'), ...locked }} />
        </div>
        <div className="vitals-category" aria-live="polite">
          {category ? (
            <>
              <span className="text-sm">Category:</span>{' '}
              <BpCategoryBadge category={category} />
              <p className="text-sm text-muted">{categoryNote(guideline)}</p>
            </>
          ) : (
            <p className="text-sm text-muted">Enter both numbers to see the blood pressure category.</p>
          )}
        </div>
        {isSevere(guideline, systolic, diastolic) ? <SevereGuidance role={editing ? 'note' : 'alert'} /> : null}
      </fieldset>

      <fieldset className="vitals-section">
        <legend>Other measurements</legend>
        <div className="vitals-grid vitals-grid-3">
          <HeartRateInput id="vitals-heart-rate" {...field('heartRate')} {...locked} />
          <TextField
            id="vitals-weight"
            label={`Weight (${weightUnit})`}
            type="number"
            inputMode="decimal"
            step={weightStep(weightUnit)}
            placeholder={weightUnit === 'kg' ? 'e.g. 72.5' : 'e.g. 160.5'}
            {...field('weight')}
          />
          <TextField
            id="vitals-blood-sugar"
            label={`Blood sugar (${bloodSugarUnit})`}
            type="number"
            inputMode="decimal"
            step={bloodSugarStep(bloodSugarUnit)}
            placeholder={bloodSugarUnit === 'mmol/L' ? 'e.g. 5.5' : 'e.g. 100'}
            {...field('bloodSugar')}
          />
        </div>
        <p className="text-sm text-muted">All measurements are optional; enter at least one.</p>
      </fieldset>

      <div className={notesError ? 'field field-invalid' : 'field'}>
        <label className="field-label" htmlFor="vitals-notes">
          Notes
        </label>
        <textarea
          id="vitals-notes"
          name="notes"
          className="field-input vitals-notes"
          rows={3}
          maxLength={1000}
          placeholder="e.g. after morning walk"
          value={formik.values.notes}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          aria-invalid={notesError ? true : undefined}
          aria-describedby={notesError ? 'vitals-notes-error' : undefined}
        />
        <FieldError id="vitals-notes-error" error={notesError} />
      </div>

      <div className="vitals-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending || undefined}>
          {pending ? <Spinner size="sm" /> : null}
          {pending ? 'Saving...' : editing ? 'Update Reading' : 'Save Reading'}
        </button>
      </div>
    </form>
  );
}
