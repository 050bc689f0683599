import { useLayoutEffect, useRef, type RefObject } from 'react';
import { usePointerHeld } from './useSteadyError';

interface FormLike {
  submitCount: number;
  isValid: boolean;
  errors: object;
}

/**
 * After a submit attempt that failed validation, moves keyboard focus to the first
 * invalid field of the form (in document order), so keyboard and screen-reader users
 * land on the problem.
 */
export function useFocusFirstError(formik: FormLike, formRef: RefObject<HTMLFormElement | null>): void {
  const handled = useRef(0);
  // Errors show once the pointer is released (useSteadyError): look for them then.
  const held = usePointerHeld();
  useLayoutEffect(() => {
    if (held) return;
    if (formik.submitCount === 0 || formik.submitCount === handled.current) return;
    if (formik.isValid || Object.keys(formik.errors).length === 0) return;
    handled.current = formik.submitCount;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [held, formik.submitCount, formik.isValid, formik.errors, formRef]);
}
