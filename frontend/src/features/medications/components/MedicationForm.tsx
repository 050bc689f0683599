import { useLayoutEffect, useRef, type ChangeEvent, type ReactElement } from 'react';
import { useFormik, type FormikErrors } from 'formik';
import { SelectField } from '../../../components/form/SelectField';
import { TextField } from '../../../components/form/TextField';
import { ToggleRow } from '../../../components/form/ToggleRow';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { useMedicationWrite } from '../ui/useMedicationWrite';
import { pickFieldErrors } from '../../../lib/serverErrors';
import { isoDateIn, toIsoDate } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/preferences';
import { MEDICATION_FORMS, timesFor } from '../model/medicationCodes';
import { createMedication, type Medication } from '../api/medications';
import { MEDICATION_FIELDS, medicationRequestOf, medicationSchema, type MedicationValues } from '../schemas';
import { DoseFields } from './DoseFields';
import { FormActions } from './FormActions';
import { WhyFields } from './WhyFields';

/** A new medication's form: once a day at 08:00 from today, in mg, as a tablet. */
export function emptyMedication(now: Date = new Date(), timeZone?: string): MedicationValues {
  return {
    name: '',
    form: 'tablet',
    strength: '',
    unit: 'mg',
    frequency: 'once-daily',
    times: timesFor('once-daily'),
    startDate: timeZone ? isoDateIn(timeZone, now) : toIsoDate(now),
    endDate: '',
    reason: '',
    reminders: false,
    forBloodPressure: false,
  };
}

export interface MedicationFormProps {
  onSaved: (medication: Medication) => void;
  onCancel: () => void;
}

/** Add medication: what it is, its dose and times, since when (and until), why (for blood pressure?), reminders. */
export function MedicationForm({ onSaved, onCancel }: MedicationFormProps): ReactElement {
  const formRef = useRef<HTMLFormElement>(null);
  const write = useMedicationWrite();
  // From today in the user's time zone, the day the server counts doses from.
  const timeZone = useTimeZone();
  const formik = useFormik<MedicationValues>({
    initialValues: emptyMedication(new Date(), timeZone),
    validationSchema: medicationSchema(),
    onSubmit: async (values, helpers) => {
      const result = await write(() => createMedication(medicationRequestOf(values)), {
        failure: 'The medication could not be added',
        success: (m) => ({ title: 'Medication added', description: `${m.name}: ${m.periods[0]?.label ?? ''}` }),
      });
      if (result.ok) {
        onSaved(result.value);
        return;
      }
      helpers.setErrors(pickFieldErrors(result.error, MEDICATION_FIELDS) as FormikErrors<MedicationValues>);
    },
  });
  const fieldError = useFieldErrors(formik, formRef);
  useLayoutEffect(() => {
    document.getElementById('med-name')?.focus();
  }, []);
  const text = (name: 'name' | 'endDate') => ({
    name,
    value: formik.values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      void formik.setFieldValue(name, event.target.value);
    },
    onBlur: formik.handleBlur,
    error: fieldError(name),
  });

  return (
    <form ref={formRef} className="card med-form" noValidate onSubmit={formik.handleSubmit} aria-label="Add medication">
      <h2 className="med-form-title">Add medication</h2>
      <fieldset className="med-section">
        <legend>What</legend>
        <div className="med-grid">
          <TextField
            id="med-name"
            label="Name"
            maxLength={100}
            autoComplete="off"
            placeholder="e.g. Amlodipine"
            required
            {...text('name')}
          />
          <SelectField
            id="med-form"
            label="Form"
            name="form"
            options={MEDICATION_FORMS}
            value={formik.values.form}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            error={fieldError('form')}
          />
        </div>
      </fieldset>

      <fieldset className="med-section">
        <legend>Dose</legend>
        <DoseFields formik={formik} fieldError={fieldError} idPrefix="med" startLabel="Start date" />
        <TextField
          id="med-end"
          label="End date (optional)"
          type="date"
          min={formik.values.startDate || undefined}
          hint="The last day you take it. Leave empty while you still take it."
          {...text('endDate')}
        />
      </fieldset>

      <fieldset className="med-section">
        <legend>Why and reminders</legend>
        <WhyFields formik={formik} fieldError={fieldError} idPrefix="med" />
        <div className="med-toggles">
          <ToggleRow
            id="med-reminders"
            name="reminders"
            label="Email reminders"
            description="An email at each dose time, in your time zone. Every one has a one-click unsubscribe link."
            checked={formik.values.reminders}
            onChange={(checked) => void formik.setFieldValue('reminders', checked)}
          />
        </div>
      </fieldset>

      <FormActions pending={formik.isSubmitting} pendingLabel="Adding..." onCancel={onCancel}>
        Add medication
      </FormActions>
    </form>
  );
}
