import type { ReactElement } from 'react';
import { cx } from '../../lib/cx';
import './feedback.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A decorative spinning ring; pair it with visible or visually hidden text. */
export function Spinner({ size = 'md', className }: SpinnerProps): ReactElement {
  return <span className={cx('spinner', `spinner-${size}`, className)} aria-hidden="true" />;
}

/** A centred spinner with a status message, for whole-screen waits. */
export function LoadingState({ message }: { message: string }): ReactElement {
  return (
    <div className="loading-state" role="status" aria-live="polite">
      <Spinner size="lg" />
      <p>{message}</p>
    </div>
  );
}
