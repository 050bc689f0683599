import type { ReactElement } from 'react';
import { Alert } from '../../../components/feedback/Alert';
import { Skeleton } from '../../../components/feedback/Skeleton';
import { HomeWeekIntro } from './HomeWeekIntro';
import { StartWeekButton } from './StartWeekButton';
import './homeWeek.css';
import { NeedsConnection } from '../../../components/feedback/NeedsConnection';
import { useOnline } from '../../../lib/connection';

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
  const online = useOnline();
  if (!online) return <NeedsConnection title="Your home monitoring week" />;
  return (
    <Alert variant="danger" title="Your home monitoring week could not be loaded">
      Check your connection and reload the page to try again.
    </Alert>
  );
}

/** No week: what one is, and a start. */
export function WeekEmpty(): ReactElement {
  return (
    <div className="week-empty">
      <HomeWeekIntro />
      <div>
        <StartWeekButton />
      </div>
    </div>
  );
}

/**
 * What a home week's screen shows until it has a week to show: the placeholder while it
 * loads, the failure, or (none) what a week is, with a start.
 */
export function weekPlaceholder(week: null | undefined, error: unknown): ReactElement {
  if (week === null) return <WeekEmpty />;
  return error !== undefined ? <WeekLoadError /> : <WeekSkeleton />;
}
