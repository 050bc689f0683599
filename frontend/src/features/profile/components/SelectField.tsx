import { useId, type ReactElement, type SelectHTMLAttributes } from 'react';
import { FieldError } from '../../../components/form/FieldError';
import { useSteadyError } from '../../../components/form/useSteadyError';
import { cx } from '../../../lib/cx';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string | undefined;
  id?: string;
}

/** A labelled native select styled like the text fields, with its error bound to it. */
export function SelectField({ label, options, error: latestError, id, className, ...selectProps }: SelectFieldProps): ReactElement {
  const error = useSteadyError(latestError);
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = error ? `${selectId}-error` : undefined;
  const describedBy = cx(selectProps['aria-describedby'], errorId) || undefined;
  return (
    <div className={cx('field', error && 'field-invalid', className)}>
      <label className="field-label" htmlFor={selectId}>
        {label}
      </label>
      <div className="field-control">
        <select
          {...selectProps}
          id={selectId}
          className="field-input profile-select"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={`${selectId}-error`} error={error} />
    </div>
  );
}
