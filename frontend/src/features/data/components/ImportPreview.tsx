import { useId, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/feedback/Alert';
import { Spinner } from '../../../components/feedback/Spinner';
import {
  NotesCell,
  ReadingHeaderCells,
  ReadingValueCells,
  type ReadingUnits,
} from '../../readings/ui/ReadingCells';
import { readingBpCategory, useGuideline } from '../../readings/model/bpCategory';
import { formatDate } from '../../../lib/dates';
import { COMMON_MESSAGES } from '../../../lib/rules';
import type { ImportPreviewDto } from '../../../lib/apiTypes';
import { StepHeading } from './StepHeading';
import {
  FORMAT_LABELS,
  REASON_SUMMARY,
  bloodSugarShownText,
  formatCount,
  nothingNewText,
  plural,
  reasonLabel,
  unitReadText,
  weightShownText,
} from '../importWords';

interface ImportPreviewProps {
  preview: ImportPreviewDto;
  units: ReadingUnits;
  committing: boolean;
  /** The subscription is inactive: importing will be refused. */
  subscriptionNote: boolean;
  onImport: () => void;
  onCancel: () => void;
}

const KINDS = [
  { key: 'bloodPressure', label: 'Blood pressure' },
  { key: 'heartRate', label: 'Heart rate' },
  { key: 'weight', label: 'Weight' },
  { key: 'bloodSugar', label: 'Blood sugar' },
] as const;

/** Skip reasons other than duplicates, in the order the summary names them. */
const SKIP_REASONS = ['out-of-range', 'unreadable-date', 'unreadable'] as const;

export function timeBasisText(preview: Pick<ImportPreviewDto, 'timeBasis' | 'timeZone'>): string {
  return preview.timeBasis === 'converted'
    ? `Times converted to your time zone, ${preview.timeZone}`
    : 'Times kept as written in the file';
}

function rangeText(from: string | null, to: string | null): string | null {
  if (from === null || to === null) return null;
  return from === to ? `On ${formatDate(from)}` : `From ${formatDate(from)} to ${formatDate(to)}`;
}

/**
 * What importing the file would do (nothing is saved yet): new readings per kind, what is
 * already there or skipped, their dates, the time zone used, the first readings as they
 * will be stored in the user's units, the skipped rows and why; then Import or Cancel.
 */
export function ImportPreview({ preview, units, committing, subscriptionNote, onImport, onCancel }: ImportPreviewProps): ReactElement {
  const headingId = useId();
  const guideline = useGuideline();
  const range = rangeText(preview.from, preview.to);
  const skippedTotal = preview.duplicates + preview.skipped;
  const reasons = SKIP_REASONS.flatMap((reason) => {
    const n = preview.skippedByReason[reason] ?? 0;
    return n > 0 ? [`${formatCount(n)} ${REASON_SUMMARY[reason]}`] : [];
  });

  return (
    <div className="import-panel" role="group" aria-labelledby={headingId}>
      <StepHeading id={headingId}>Preview of {preview.fileName}</StepHeading>
      <p className="profile-preview-file">
        {FORMAT_LABELS[preview.format]}: {plural(preview.records, 'record', 'records')} read. Nothing is saved until you
        import.
      </p>

      <ul className="profile-preview-summary" aria-label="Import summary">
        <li className="profile-preview-count profile-preview-new">
          <strong>{formatCount(preview.new)}</strong> new
        </li>
        <li className="profile-preview-count">
          <strong>{formatCount(preview.duplicates)}</strong> already there
        </li>
        <li className={preview.skipped > 0 ? 'profile-preview-count profile-preview-invalid' : 'profile-preview-count'}>
          <strong>{formatCount(preview.skipped)}</strong> skipped
        </li>
        {preview.leftOut.map(({ reason, count }) => (
          <li key={reason} className="profile-preview-count import-left-out">
            <strong>{formatCount(count)}</strong> left out: {reason}
          </li>
        ))}
      </ul>

      {preview.new > 0 ? (
        <ul className="import-kinds" aria-label="New readings by kind">
          {KINDS.map(({ key, label }) => (
            <li key={key} className="import-kind">
              <span className="import-kind-label">{label}</span> <strong>{formatCount(preview.counts[key])}</strong>
            </li>
          ))}
        </ul>
      ) : (
        <p>{nothingNewText(preview)}</p>
      )}

      <ul className="import-facts">
        {range ? <li>{range}</li> : null}
        <li>{timeBasisText(preview)}</li>
        {preview.units.map((unit) => (
          <li key={unit.measure}>{unitReadText(unit)}</li>
        ))}
        {reasons.length > 0 ? <li>Skipped: {reasons.join(', ')}</li> : null}
      </ul>

      {preview.rows.length > 0 ? (
        // Focusable: on a narrow screen the table scrolls sideways, and the keyboard must reach it.
        <div className="readings-table-wrap import-rows" role="region" aria-label="New readings" tabIndex={0}>
          <table className="readings-table">
            <caption>
              {preview.new > preview.rows.length
                ? `The first ${formatCount(preview.rows.length)} of ${formatCount(preview.new)} new readings, as they will be stored`
                : `The new readings, as they will be stored`}
            </caption>
            <thead>
              <tr>
                <ReadingHeaderCells />
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row, i) => (
                <tr key={`${row.location}-${i}`}>
                  <ReadingValueCells
                    values={row}
                    category={readingBpCategory(guideline, row)}
                    units={units}
                    shown={{
                      weight: row.weight === null ? null : weightShownText(row.weight, row.weightAsRead, units.weightUnit),
                      bloodSugar:
                        row.bloodSugar === null ? null : bloodSugarShownText(row.bloodSugar, row.bloodSugarAsRead, units.bloodSugarUnit),
                    }}
                  />
                  <NotesCell notes={row.notes} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {preview.skippedRows.length > 0 ? <SkippedRows preview={preview} total={skippedTotal} /> : null}

      {subscriptionNote ? (
        <Alert variant="warning" title={COMMON_MESSAGES.subscriptionRequired} role="status">
          <p>
            Importing readings needs an active subscription, like recording them.{' '}
            <Link to={{ hash: '#profile-subscription' }}>Subscribe under Subscription</Link>.
          </p>
        </Alert>
      ) : null}

      <div className="profile-actions profile-preview-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={committing}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={onImport}
          disabled={committing || preview.new === 0}
          aria-busy={committing || undefined}
        >
          {committing ? <Spinner size="sm" /> : null}
          {committing ? 'Importing…' : `Import ${plural(preview.new, 'reading', 'readings')}`}
        </button>
      </div>
    </div>
  );
}

/** The skipped rows (the server sends the first 500), each with where it is, why, and the message. */
function SkippedRows({ preview, total }: { preview: ImportPreviewDto; total: number }): ReactElement {
  const shown = preview.skippedRows.length;
  return (
    <details className="profile-details">
      <summary>Rows skipped ({formatCount(total)})</summary>
      <div className="profile-details-body">
        {total > shown ? (
          <p className="text-sm">
            Showing the first {formatCount(shown)} of {formatCount(total)}.
          </p>
        ) : null}
        <div className="profile-table-wrap import-skipped" role="region" aria-label="Rows skipped" tabIndex={0}>
          <table className="profile-table">
            <caption>Rows skipped (they will not be imported)</caption>
            <thead>
              <tr>
                <th scope="col">In the file</th>
                <th scope="col">Reason</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {preview.skippedRows.map((row, i) => (
                <tr key={`${row.location}-${i}`}>
                  <td>{row.location}</td>
                  <td>{reasonLabel(row.reason)}</td>
                  <td>{row.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </details>
  );
}
