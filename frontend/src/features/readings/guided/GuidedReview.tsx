import type { Dispatch, ReactElement } from 'react';
import { Alert } from '../../../components/feedback/Alert';
import { Spinner } from '../../../components/feedback/Spinner';
import { FieldError } from '../../../components/form/FieldError';
import { BpCategoryBadge } from '../ui/BpCategoryBadge';
import { SevereGuidance } from '../ui/SevereGuidance';
import { categoryNote, classifyBp, isSevere, useGuideline } from '../model/bpCategory';
import { formatTime12, toIsoTime } from '../../../lib/dates';
import { GUIDED } from '../../../lib/readingRules';
import { PERIOD_LABELS } from '../api/readings';
import type { ReadingErrors } from './GuidedMeasure';
import { GuidedStepCard } from './GuidedPrepare';
import { averageOf, chosenPeriod, type GuidedAction, type GuidedState, type SessionPeriod } from './guidedSession';
import { SegmentedChoice } from '../../../components/form/SegmentedChoice';

const PERIODS: ReadonlyArray<{ value: SessionPeriod; label: string }> = (['morning', 'evening'] as const).map((value) => ({
  value,
  label: PERIOD_LABELS[value],
}));

export interface ReviewProps {
  state: GuidedState;
  /** The server's errors per reading, from a failed save. */
  readingErrors: ReadonlyArray<ReadingErrors>;
  /** The server's other errors (readings, period, date, time...), and a failure's message. */
  failure: ReadonlyArray<string>;
  saving: boolean;
  onSave: () => void;
  dispatch: Dispatch<GuidedAction>;
  headingRef: (el: HTMLHeadingElement | null) => void;
}

const timeOf = (takenAt: number | null): string => (takenAt === null ? '' : formatTime12(toIsoTime(new Date(takenAt))));

/** Step 4: each reading, their average, morning or evening; then save. */
export function GuidedReview({ state, readingErrors, failure, saving, onSave, dispatch, headingRef }: ReviewProps): ReactElement {
  const average = averageOf(state.readings);
  const guideline = useGuideline();
  const period = chosenPeriod(state);
  const first = state.readings[0]?.takenAt ?? null;
  const canAdd = state.readings.length < GUIDED.maxReadings;

  return (
    <GuidedStepCard
      title="Review and save"
      headingRef={headingRef}
      actions={
        <button type="button" className="btn btn-primary" disabled={saving} aria-busy={saving || undefined} onClick={onSave}>
          {saving ? <Spinner size="sm" /> : null}
          {saving ? 'Saving...' : 'Save measurement'}
        </button>
      }
    >
      {failure.length > 0 ? (
        <Alert variant="danger" role="alert">
          {failure.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </Alert>
      ) : null}

      <ol className="guided-review-list" aria-label="Readings">
        {state.readings.map((r, i) => {
          const errors = Object.values(readingErrors[i] ?? {});
          const errorId = `guided-review-${i}-error`;
          return (
            <li key={i} className="guided-review-item">
              <div className="guided-review-text">
                <span className="guided-review-name">
                  Reading {i + 1} <span className="text-muted">{timeOf(r.takenAt)}</span>
                </span>
                <span className="guided-review-values">
                  {r.systolic}/{r.diastolic} <span className="text-sm text-muted">mmHg</span>
                </span>
                {r.heartRate.trim() !== '' ? <span className="text-sm text-muted">Heart rate {r.heartRate} bpm</span> : null}
                <FieldError id={errorId} error={errors.length > 0 ? errors.join('. ') : undefined} />
              </div>
              <button
                type="button"
                className="btn btn-secondary guided-edit"
                disabled={saving}
                aria-label={`Edit reading ${i + 1}`}
                aria-describedby={errors.length > 0 ? errorId : undefined}
                onClick={() => dispatch({ type: 'edit', index: i })}
              >
                Edit
              </button>
            </li>
          );
        })}
      </ol>
      {canAdd ? (
        <div className="guided-add">
          <button type="button" className="btn btn-secondary" disabled={saving} onClick={() => dispatch({ type: 'addReading' })}>
            Add reading {state.readings.length + 1}
          </button>
        </div>
      ) : null}

      {average ? (
        <div className="guided-average">
          <p className="guided-average-label">Average of {state.readings.length} readings (saved as one reading)</p>
          <p className="guided-average-values">
            {average.systolic}/{average.diastolic} <span className="text-sm text-muted">mmHg</span>
            {average.heartRate !== null ? (
              <>
                {' · '}
                {average.heartRate} <span className="text-sm text-muted">bpm</span>
              </>
            ) : null}
          </p>
          <p className="guided-average-category">
            <span className="text-sm">Category:</span> <BpCategoryBadge
              category={{ rule: classifyBp(guideline, average.systolic, average.diastolic), atLeast: false, guideline }}
            />
          </p>
          <p className="text-sm text-muted">{categoryNote(guideline)}</p>
        </div>
      ) : null}
      {average && isSevere(guideline, average.systolic, average.diastolic) ? <SevereGuidance /> : null}

      <fieldset className="guided-period">
        <legend className="field-label">Time of day</legend>
        <SegmentedChoice
          name="guided-period"
          options={PERIODS}
          value={period}
          disabled={saving}
          size="large"
          onChange={(p) => dispatch({ type: 'period', period: p })}
        />
        <p className="field-hint">
          {state.period === null && first !== null
            ? `Chosen from the time of the first reading (${timeOf(first)}). Change it if that is wrong.`
            : 'Morning readings are best taken before medication and breakfast.'}
        </p>
      </fieldset>

      {state.restSkipped ? (
        <p className="text-sm text-muted">The rest was skipped; the measurement notes it.</p>
      ) : null}
    </GuidedStepCard>
  );
}
