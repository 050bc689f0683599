import type { ReactElement } from 'react';
import { Alert } from '../feedback/Alert';
import { StartWeekButton } from './StartWeekButton';
import './homeWeek.css';

/** A week the server recognised from readings (none was started), with a start button. */
export function WeekRecognised(): ReactElement {
  return (
    <Alert variant="info" title="Found from your readings" className="week-recognised">
      <p>These readings look like a home monitoring week. Start one to follow the plan from today.</p>
      <StartWeekButton secondary />
    </Alert>
  );
}
