import type { ReactElement } from 'react';
import { Alert } from '../../../components/feedback/Alert';
import type { SessionDto } from '../../../lib/apiTypes';
import { formatTime12 } from '../../../lib/dates';
import { RULE_MESSAGES } from '../../../lib/readingRules';

export const SESSION_NOTE_ID = 'vitals-session-note';

/**
 * On the edit form of a guided measurement's reading: why its blood pressure and heart rate
 * cannot be changed (the server's message), and the readings they are the average of.
 */
export function SessionNote({ session }: { session: SessionDto }): ReactElement {
  const count = session.readings.length;
  return (
    <Alert variant="info" id={SESSION_NOTE_ID} title={`Guided measurement · ${count} readings`}>
      <p>{RULE_MESSAGES.sessionLocked}</p>
      <ul className="vitals-session-readings" aria-label="The measurement's readings">
        {session.readings.map((r, i) => (
          <li key={i}>
            {formatTime12(r.time)}: {r.systolic}/{r.diastolic} mmHg
            {typeof r.heartRate === 'number' ? `, ${r.heartRate} bpm` : ''}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
