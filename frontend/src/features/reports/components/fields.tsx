import { useId, type ReactElement, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldError } from '../../../components/form/FieldError';
import { useSteadyError } from '../../../components/form/useSteadyError';
import { cx } from '../../../lib/cx';

interface FieldFrameProps {
  inputId: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}

/** Label, control, hint and error laid out like the shared TextField. */
function FieldFrame({ inputId, label, hint, error: latestError, className, children }: FieldFrameProps): ReactElement {
  const error = useSteadyError(latestError);
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cx('field', error && 'field-invalid', className)}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      {children(cx(hintId, errorId) || undefined)}
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${inputId}-error`} error={error} />
    </div>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  id?: string;
}

/** A labelled multi-line text box. */
export function TextAreaField({ label, error, hint, id, className, ...areaProps }: TextAreaFieldProps): ReactElement {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} error={error} className={className}>
      {(describedBy) => (
        <textarea
          {...areaProps}
          id={inputId}
          className="field-input report-textarea"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}
