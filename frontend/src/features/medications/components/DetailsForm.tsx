import { useLayoutEffect, useRef, type ChangeEvent, type ReactElement } from 'react';
import { useFormik, type FormikErrors } from 'formik';
import { SelectField } from '../../../components/form/SelectField';
import { TextField } from '../../../components/form/TextField';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { useMedicationWrite } from '../ui/useMedicationWrite';
import { MEDICATION_FORMS } from '../model/medicationCodes';
import { updateMedication, type Medication } from '../api/medications';
import { pickFieldErrors } from '../../../lib/serverErrors';
import { NAME_MAX, detailsSchema, type DetailsValues } from '../schemas';
import { FormActions } from './FormActions';
import { WhyFields } from './WhyFields';

const DETAIL_FIELDS = ['name', 'form', 'reason'] as const;

export interface DetailsFormProps {
  medication: Medication;
  onDone: () => void;
}

/** Edit details: name, form, why and whether for blood pressure (a change of dose is its own form). */
export function DetailsForm({ medication, onDone }: DetailsFormProps): ReactElement {
  const formRef = useRef<HTMLFormElement>(null);
  const write = useMedicationWrite();
  const formik = useFormik<DetailsValues>({
    initialValues: {
      name: medication.name,
      form: medication.form,
      reason: medication.reason ?? '',
      forBloodPressure: medication.forBloodPressure,
    },
    validationSchema: detailsSchema(),
    onSubmit: async (values, helpers) => {
      // '' clears the reason: the server reads null as "not sent" and would keep the old one.
      const reason = values.reason.trim();
      const result = await write(
        () =>
          updateMedication(medication.id, {
            name: values.name.trim(),
            form: values.form as Medication['form'],
            reason,
            forBloodPressure: values.forBloodPressure,
          }),
        { failure: 'The details could not be saved', success: { title: 'Details saved' } },
      );
      if (result.ok) onDone();
      else helpers.setErrors(pickFieldErrors(result.error, DETAIL_FIELDS) as FormikErrors<DetailsValues>);
    },
  });
  const fieldError = useFieldErrors(formik, formRef);

  useLayoutEffect(() => {
    document.getElementById('details-name')?.focus();
  }, []);

  return (
    <form ref={formRef} className="med-panel" noValidate onSubmit={formik.handleSubmit} aria-label="Edit details">
      <h3 className="med-panel-title">Edit details</h3>
      <div className="med-grid">
        <TextField
          id="details-name"
          label="Name"
          name="name"
          maxLength={NAME_MAX}
          autoComplete="off"
          required
          value={formik.values.name}
          onChange={(event: ChangeEvent<HTMLInputElement>) => void formik.setFieldValue('name', event.target.value)}
          onBlur={formik.handleBlur}
          error={fieldError('name')}
        />
        <SelectField
          id="details-form"
          label="Form"
          name="form"
          options={MEDICATION_FORMS}
          value={formik.values.form}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={fieldError('form')}
        />
      </div>
      <WhyFields formik={formik} fieldError={fieldError} idPrefix="details" />
      <FormActions pending={formik.isSubmitting} pendingLabel="Saving..." onCancel={onDone} disabled={!formik.dirty}>
        Save details
      </FormActions>
    </form>
  );
}
