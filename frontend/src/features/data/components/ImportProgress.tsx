import { useId, type ReactElement } from 'react';
import type { ReadingProgress } from '../api/importApi';
import { formatBytes, formatCount, plural } from '../importWords';
import { StepHeading } from './StepHeading';

export type ProgressPhase =
  | { kind: 'uploading'; loaded: number; total: number }
  /** `progress` null: the file is sent, the server's first progress line has not come yet. */
  | { kind: 'reading'; progress: ReadingProgress | null };

interface ImportProgressProps {
  fileName: string;
  phase: ProgressPhase;
  onCancel: () => void;
}

/** Whole percent of `part` in `whole`, or null when the whole is not known yet. */
function percentOf(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.min(100, Math.max(0, Math.floor((part / whole) * 100)));
}

function describe(phase: ProgressPhase): { text: string; percent: number | null } {
  if (phase.kind === 'uploading') {
    return {
      text: `Uploading ${formatBytes(phase.loaded)} of ${formatBytes(phase.total)}`,
      percent: percentOf(phase.loaded, phase.total),
    };
  }
  const p = phase.progress;
  if (!p) return { text: 'Reading the file…', percent: null };
  return {
    text: `Reading: ${plural(p.records, 'record', 'records')} read, ${plural(p.found, 'reading', 'readings')} found`,
    percent: percentOf(p.done, p.total),
  };
}

/**
 * The upload and then the server's reading of the file, on one bar, with Cancel. The bar
 * moves as often as the server reports; screen readers hear each stage and every tenth of
 * the way (a polite region updated four times a second would never stop talking).
 */
export function ImportProgress({ fileName, phase, onCancel }: ImportProgressProps): ReactElement {
  const textId = useId();
  const { text, percent } = describe(phase);
  const stage = phase.kind === 'uploading' ? 'Uploading' : 'Reading';
  const announced =
    percent === null ? `${stage} ${fileName}…` : `${stage} ${fileName}: ${formatCount(Math.floor(percent / 10) * 10)}%`;

  return (
    <div className="import-panel" role="group" aria-labelledby={`${textId}-heading`}>
      <StepHeading id={`${textId}-heading`}>Importing {fileName}</StepHeading>
      <div
        className={percent === null ? 'import-bar import-bar-waiting' : 'import-bar'}
        role="progressbar"
        aria-labelledby={textId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? text : `${text} (${percent}%)`}
      >
        <span className="import-bar-fill" style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
      <p className="import-progress-text" id={textId}>
        {text}
      </p>
      <p className="visually-hidden" role="status">
        {announced}
      </p>
      <p className="field-hint">
        {phase.kind === 'uploading'
          ? 'Keep this page open until the file is sent.'
          : 'Nothing is saved yet: you will see what the file holds before importing it.'}
      </p>
      <div className="profile-actions import-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
