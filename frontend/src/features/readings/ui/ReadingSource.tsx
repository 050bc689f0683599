import type { ReactElement } from 'react';
import { Icon } from '../../../components/icons/Icon';
import { formatDate, formatTime12 } from '../../../lib/dates';
import type { Reading } from '../api/readings';
import { FLAG_HINTS, FLAG_LABELS, sortedFlags } from '../model/readingFlags';
import { ClinicTag } from './ReadingCells';

type Sourced = Pick<Reading, 'source' | 'device' | 'flags' | 'setting'>;

/** Where a reading came from, in words: "Measured by OMRON X4 Smart", "Imported from …". */
export function sourceText(reading: Pick<Reading, 'source' | 'device'>): string | null {
  if (reading.source === 'device') return `Measured by ${reading.device ?? 'a Bluetooth cuff'}`;
  if (reading.source === 'import') return `Imported${reading.device ? ` from ${reading.device}` : ''}`;
  return null;
}

/** Whether a reading has any mark to show (a cell without one stays an empty cell). */
export function hasMarks(reading: Sourced): boolean {
  return reading.setting === 'office' || reading.flags.includes('irregular-pulse') || sourceText(reading) !== null;
}

/**
 * The marks under a reading's blood pressure in History and on the dashboard: the clinic tag,
 * a cuff's irregular pulse (the one flag worth a mark on every row), and where it came from.
 */
export function ReadingMarks({ reading }: { reading: Sourced }): ReactElement | null {
  if (!hasMarks(reading)) return null;
  const irregular = reading.flags.includes('irregular-pulse');
  const source = sourceText(reading);
  return (
    <span className="reading-marks">
      {reading.setting === 'office' ? <ClinicTag /> : null}
      {irregular ? (
        <span className="reading-tag reading-tag-pulse" title={FLAG_HINTS['irregular-pulse']}>
          <Icon name="pulse-irregular" size={14} label="Irregular pulse" />
        </span>
      ) : null}
      {source ? (
        <span className="reading-tag reading-tag-source" title={source}>
          {reading.source === 'device' ? <Icon name="bluetooth" size={12} /> : null}
          <span aria-hidden="true">{reading.source === 'device' ? 'Cuff' : 'Imported'}</span>
          <span className="visually-hidden">{source}</span>
        </span>
      ) : null}
    </span>
  );
}

/**
 * The reading's detail (its edit page): where it came from, what the cuff reported, and, for
 * a cuff reading someone changed, the values the cuff measured.
 */
export function SourceNote({ reading }: { reading: Pick<Reading, 'source' | 'device' | 'flags' | 'original'> }): ReactElement | null {
  const from = sourceText(reading);
  const original = reading.original;
  const flags = sortedFlags(reading.flags);
  if (!from && !original && flags.length === 0) return null;
  return (
    <div className="reading-source-note" role="note">
      <Icon name={reading.source === 'device' || original ? 'bluetooth' : 'info'} size={18} />
      <div>
        {from ? <p className="reading-source-from">{from}.</p> : null}
        {original ? (
          <p>
            Edited by hand. {reading.device ? `${reading.device} measured` : 'The cuff measured'}{' '}
            <strong>
              {original.systolic ?? '---'}/{original.diastolic ?? '---'} mmHg
            </strong>
            {original.heartRate !== null ? `, pulse ${original.heartRate}` : ''} on {formatDate(original.date)} at{' '}
            {formatTime12(original.time)}.
          </p>
        ) : reading.source === 'device' ? (
          <p className="text-sm text-muted">Changing its values makes it a typed reading; the cuff&apos;s values stay shown here.</p>
        ) : null}
        {flags.length > 0 ? (
          <ul className="reading-source-flags" aria-label="What the cuff reported">
            {flags.map((flag) => (
              <li key={flag}>
                <strong>{FLAG_LABELS[flag]}.</strong> {FLAG_HINTS[flag]}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
