import { useId, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { useSteadyError } from './useSteadyError';

export interface FieldIds {
  /** The error to show (held steady while the field's validation settles). */
  error: string | undefined;
  inputId: string;
  hintId: string | undefined;
  /** The hint, the error, then `extra`: what the input's `aria-describedby` names. */
  describedBy: string | undefined;
}

/** The ids that bind a field's input to its hint and error. */
export function useFieldIds(id: string | undefined, hint: ReactNode, latestError: string | undefined, extra?: string): FieldIds {
  const error = useSteadyError(latestError);
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return { error, inputId, hintId, describedBy: cx(hintId, errorId, extra) || undefined };
}
