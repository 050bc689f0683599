import type { RefObject } from 'react';
import type { FormikErrors, FormikTouched } from 'formik';
import { useFocusFirstError } from './useFocusFirstError';

interface FormState<V> {
  touched: FormikTouched<V>;
  errors: FormikErrors<V>;
  submitCount: number;
  isValid: boolean;
}

/**
 * The error a field shows: its validation message once the field was visited or a submit
 * was tried. Also moves focus to the first invalid field after a failed submit.
 */
export function useFieldErrors<V>(
  formik: FormState<V>,
  formRef: RefObject<HTMLFormElement | null>,
): (name: keyof V) => string | undefined {
  useFocusFirstError(formik, formRef);
  return (name) => {
    if (!(formik.touched[name] || formik.submitCount > 0)) return undefined;
    const error: unknown = formik.errors[name];
    return typeof error === 'string' ? error : undefined;
  };
}
