import type { ChangeEvent, FocusEvent, ReactElement } from 'react';
import { FieldError } from '../../../components/form/FieldError';
import { useSteadyError } from '../../../components/form/useSteadyError';
import { REASON_MAX } from '../schemas';

export interface ReasonFieldProps {
  id: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  onBlur: (event: FocusEvent<HTMLTextAreaElement>) => void;
  error: string | undefined;
}

/** Why the medication is taken: free text, optional. */
export function ReasonField({ id, value, onChange, onBlur, error: latest }: ReasonFieldProps): ReactElement {
  const error = useSteadyError(latest);
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        Why you take it (optional)
      </label>
      <textarea
        id={id}
        name="reason"
        className="field-input med-reason"
        rows={2}
        maxLength={REASON_MAX}
        placeholder="e.g. blood pressure"
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
