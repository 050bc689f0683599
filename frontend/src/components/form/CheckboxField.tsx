import { useId, type InputHTMLAttributes, type ReactElement, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { FieldError } from './FieldError';
import { useSteadyError } from './useSteadyError';
import './form.css';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: ReactNode;
  error?: string | undefined;
  id?: string;
}

/** A checkbox with its label beside it and an optional error under it. */
export function CheckboxField({ label, error: latestError, id, className, ...inputProps }: CheckboxFieldProps): ReactElement {
  const error = useSteadyError(latestError);
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cx('checkbox-field', error && 'field-invalid', className)}>
      <div className="checkbox-row">
        <input
          {...inputProps}
          type="checkbox"
          id={inputId}
          className="checkbox-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
        <label htmlFor={inputId} className="checkbox-label">
          {label}
        </label>
      </div>
      <FieldError id={`${inputId}-error`} error={error} />
    </div>
  );
}
