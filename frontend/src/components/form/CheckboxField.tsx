import type { InputHTMLAttributes, ReactElement, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { FieldError } from './FieldError';
import { useFieldIds } from './useFieldIds';
import './form.css';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: ReactNode;
  error?: string | undefined;
  /** One line under the label saying what ticking it does. */
  hint?: ReactNode;
  id?: string;
}

/** A checkbox with its label beside it and an optional hint and error under it. */
export function CheckboxField({ label, error: latestError, hint, id, className, ...inputProps }: CheckboxFieldProps): ReactElement {
  const { error, inputId, hintId, describedBy } = useFieldIds(id, hint, latestError);
  return (
    <div className={cx('checkbox-field', error && 'field-invalid', className)}>
      <div className="checkbox-row">
        <input
          {...inputProps}
          type="checkbox"
          id={inputId}
          className="checkbox-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <label htmlFor={inputId} className="checkbox-label">
          {label}
        </label>
      </div>
      {hint ? (
        <p className="field-hint checkbox-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${inputId}-error`} error={error} />
    </div>
  );
}
