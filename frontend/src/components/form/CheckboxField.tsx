import { useId, type InputHTMLAttributes, type ReactElement, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import './form.css';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: ReactNode;
  error?: string | undefined;
  id?: string;
}

/** A checkbox with its label beside it and an optional error under it. */
export function CheckboxField({ label, error, id, className, ...inputProps }: CheckboxFieldProps): ReactElement {
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
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
