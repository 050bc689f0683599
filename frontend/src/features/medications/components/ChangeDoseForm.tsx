import { useLayoutEffect, useRef, type ReactElement } from 'react';
import { useFormik, type FormikErrors } from 'formik';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { useMedicationWrite } from '../ui/useMedicationWrite';
import { formatDate, isoDateIn, toIsoDate } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/preferences';
import { changeDose, latestPeriod, type Medication } from '../api/medications';
import { pickFieldErrors } from '../../../lib/serverErrors';
import { DOSE_FIELDS, changeDoseSchema, doseRequestOf, type DoseValues } from '../schemas';
import { DoseFields } from './DoseFields';
import { FormActions } from './FormActions';

/** The change's form starts from the current dose, from today (or the day after it started). */
export function changeValues(medication: Medication, now: Date = new Date(), timeZone?: string): DoseValues {
  const current = latestPeriod(medication);
  const today = timeZone ? isoDateIn(timeZone, now) : toIsoDate(now);
  const start = current && current.startDate >= today ? nextDay(current.startDate) : today;
  return {
    strength: current ? String(current.strength) : '',
    unit: current?.unit ?? 'mg',
    frequency: current?.frequency ?? 'once-daily',
    times: current ? [...current.times] : ['08:00'],
    startDate: start,
  };
}

function nextDay(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return toIsoDate(new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1));
}

export interface ChangeDoseFormProps {
  medication: Medication;
  onDone: () => void;
}

/** Change dose: a new period from a date; the current one ends the day before. */
export function ChangeDoseForm({ medication, onDone }: ChangeDoseFormProps): ReactElement {
  const formRef = useRef<HTMLFormElement>(null);
  const write = useMedicationWrite();
  const current = latestPeriod(medication);
  const currentStart = current?.startDate ?? medication.startDate;
  const timeZone = useTimeZone();
  const formik = useFormik<DoseValues>({
    initialValues: changeValues(medication, new Date(), timeZone),
    validationSchema: changeDoseSchema(currentStart),
    onSubmit: async (values, helpers) => {
      const result = await write(() => changeDose(medication.id, doseRequestOf(values)), {
        failure: 'The dose could not be changed',
        success: (m) => ({
          title: 'Dose changed',
          description: `${m.name}: ${latestPeriod(m)?.label ?? ''} from ${formatDate(values.startDate)}.`,
        }),
      });
      if (result.ok) onDone();
      else helpers.setErrors(pickFieldErrors(result.error, DOSE_FIELDS) as FormikErrors<DoseValues>);
    },
  });
  const fieldError = useFieldErrors(formik, formRef);

  useLayoutEffect(() => {
    document.getElementById('change-strength')?.focus();
  }, []);

  return (
    <form ref={formRef} className="med-panel" noValidate onSubmit={formik.handleSubmit} aria-label="Change dose">
      <h3 className="med-panel-title">Change dose</h3>
      <p className="text-sm text-muted">
        The new dose starts on the day you choose; the current one ({current?.label ?? 'none'}) ends the day before. Its
        history stays as it was.
      </p>
      <DoseFields
        formik={formik}
        fieldError={fieldError}
        idPrefix="change"
        startLabel="New dose from"
        startHint={`After ${formatDate(currentStart)}, when the current dose started.`}
      />
      <FormActions pending={formik.isSubmitting} pendingLabel="Saving..." onCancel={onDone}>
        Save new dose
      </FormActions>
    </form>
  );
}
