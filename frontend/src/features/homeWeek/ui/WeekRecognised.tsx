import type { ReactElement } from 'react';
import { formatDate } from '../../../lib/dates';
import { Alert } from '../../../components/feedback/Alert';
import { StartWeekButton } from './StartWeekButton';
import './homeWeek.css';

export const START_RECOGNISED = 'Start this week';

/**
 * A week the server recognised from readings (none was started), with a button that starts
 * it on its own day 1, so the days already measured keep counting.
 */
export function WeekRecognised({ startDate }: { startDate: string }): ReactElement {
  return (
    <Alert variant="info" title="Found from your readings" className="week-recognised">
      <p>
        These readings look like a home monitoring week that began on {formatDate(startDate)}. Start it to follow the
        plan to its seventh day; the days you have measured keep counting.
      </p>
      <StartWeekButton secondary label={START_RECOGNISED} startDate={startDate} />
    </Alert>
  );
}
