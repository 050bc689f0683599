import type { ReactElement, ReactNode } from 'react';
import { Spinner } from '../feedback/Spinner';
import { cx } from '../../lib/cx';

export interface SubmitButtonProps {
  pending: boolean;
  children: ReactNode;
  pendingLabel: ReactNode;
  className?: string;
  disabled?: boolean;
}

/** The form's submit button; shows a spinner and the pending label while the request runs. */
export function SubmitButton({ pending, children, pendingLabel, className, disabled }: SubmitButtonProps): ReactElement {
  return (
    <button
      type="submit"
      className={cx('btn btn-primary btn-block', className)}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
    >
      {pending ? <Spinner size="sm" /> : null}
      {pending ? pendingLabel : children}
    </button>
  );
}
