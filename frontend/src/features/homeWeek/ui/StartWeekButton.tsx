import type { ReactElement } from 'react';
import { useStartHomeWeek } from './useStartHomeWeek';

export const START_WEEK = 'Start a home monitoring week';

/** Starts a home monitoring week on `startDate`, today by default (see `useStartHomeWeek`). */
export function StartWeekButton({
  label = START_WEEK,
  secondary = false,
  startDate,
}: {
  label?: string;
  secondary?: boolean;
  startDate?: string;
}): ReactElement {
  const { start, starting } = useStartHomeWeek();
  return (
    <button
      type="button"
      className={secondary ? 'btn btn-secondary' : 'btn btn-primary'}
      onClick={() => void start(startDate)}
      disabled={starting}
    >
      {starting ? 'Starting…' : label}
    </button>
  );
}
