import type { InputHTMLAttributes, ReactElement, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { FieldError } from './FieldError';
import { useFieldIds } from './useFieldIds';
import './form.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Error text to show under the field (pass it only once the field was touched). */
  error?: string | undefined;
  hint?: ReactNode;
  id?: string;
  /** Extra content placed inside the input box on the right (e.g. a toggle button). */
  trailing?: ReactNode;
  /** Content right under the input, before hint and error (e.g. a strength meter). */
  after?: ReactNode;
}

/** A labelled input with hint and error text bound through aria-describedby. */
export function TextField({
  label,
  error: latestError,
  hint,
  id,
  trailing,
  after,
  className,
  ...inputProps
}: TextFieldProps): ReactElement {
  const { error, inputId, hintId, describedBy } = useFieldIds(id, hint, latestError, inputProps['aria-describedby']);

  return (
    <div className={cx('field', error && 'field-invalid', className)}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className={cx('field-control', trailing ? 'field-control-trailing' : undefined)}>
        <input
          {...inputProps}
          id={inputId}
          className="field-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {trailing}
      </div>
      {after}
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${inputId}-error`} error={error} />
    </div>
  );
}
