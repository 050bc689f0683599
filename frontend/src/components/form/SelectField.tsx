import { useId, type ReactElement, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import { FieldError } from './FieldError';
import { useSteadyError } from './useSteadyError';
import './form.css';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  /** The choices; or pass `<option>`s as children (e.g. a placeholder first). */
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** Error text to show under the field (pass it only once the field was touched). */
  error?: string | undefined;
  hint?: ReactNode;
  id?: string;
}

/**
 * A labelled native select (keyboard and screen readers for free) laid out and styled like
 * the text fields, with its hint and error bound through aria-describedby.
 */
export function SelectField({
  label,
  options,
  error: latestError,
  hint,
  id,
  className,
  children,
  ...selectProps
}: SelectFieldProps): ReactElement {
  const error = useSteadyError(latestError);
  const generated = useId();
  const selectId = id ?? generated;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  const describedBy = cx(selectProps['aria-describedby'], hintId, errorId) || undefined;
  return (
    <div className={cx('field', error && 'field-invalid', className)}>
      <label className="field-label" htmlFor={selectId}>
        {label}
      </label>
      <div className="field-control">
        <select
          {...selectProps}
          id={selectId}
          className="field-input field-select"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        >
          {children}
          {options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${selectId}-error`} error={error} />
    </div>
  );
}
