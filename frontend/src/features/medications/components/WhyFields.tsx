import type { ReactElement } from 'react';
import type { FormikProps } from 'formik';
import { CheckboxField } from '../../../components/form/CheckboxField';
import { ReasonField } from './ReasonField';

/** The part of a form that says why the medication is taken. */
export interface WhyValues {
  reason: string;
  forBloodPressure: boolean;
}

export interface WhyFieldsProps<V extends WhyValues> {
  formik: FormikProps<V>;
  fieldError: (name: keyof V) => string | undefined;
  /** Prefix of the inputs' ids (one form per page may use these fields). */
  idPrefix: string;
}

/**
 * Why it is taken, and whether for blood pressure (issue 35's treated readings): the Add
 * medication and Edit details forms' shared part.
 */
export function WhyFields<V extends WhyValues>({ formik, fieldError, idPrefix }: WhyFieldsProps<V>): ReactElement {
  return (
    <>
      <ReasonField
        id={`${idPrefix}-reason`}
        value={formik.values.reason}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={fieldError('reason')}
      />
      <CheckboxField
        id={`${idPrefix}-for-bp`}
        name="forBloodPressure"
        className="med-check"
        label="For blood pressure"
        hint="Used to describe your home and clinic readings in treated terms"
        checked={formik.values.forBloodPressure}
        onChange={(event) => void formik.setFieldValue('forBloodPressure', event.target.checked)}
      />
    </>
  );
}
