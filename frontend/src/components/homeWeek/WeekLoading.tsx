import type { ReactElement } from 'react';
import { Alert } from '../feedback/Alert';
import { Skeleton } from '../feedback/Skeleton';
import './homeWeek.css';

/** The week's placeholder while it loads. */
export function WeekSkeleton(): ReactElement {
  return (
    <div className="week-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">Loading your home monitoring week…</span>
      <Skeleton width="45%" height={16} />
      <Skeleton height={96} radius={10} />
    </div>
  );
}

/** The week could not be loaded. */
export function WeekLoadError(): ReactElement {
  return (
    <Alert variant="danger" title="Your home monitoring week could not be loaded">
      Check your connection and reload the page to try again.
    </Alert>
  );
}
