import type { ReactElement } from 'react';

/**
 * The error line under a field (give the same `error` the control's aria-invalid and
 * aria-describedby use, through `useSteadyError`, so they agree).
 */
export function FieldError({ id, error }: { id: string; error: string | undefined }): ReactElement | null {
  if (!error) return null;
  return (
    <p className="field-error" id={id}>
      {error}
    </p>
  );
}
