import { useCallback, useEffect, useReducer, useRef, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../../components/dialog/Dialog';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import { RULE_MESSAGES, GUIDED } from '../../../lib/readingRules';
import { createBpSession, useRefreshReadings } from '../api/readings';
import { isInvalid } from '../../../lib/serverErrors';
import { useWakeLock } from '../../../lib/useWakeLock';
import { readingMessages } from '../schema';
import { useRecordGuards } from '../useRecordGuards';
import { GuidedMeasure, type ReadingErrors } from './GuidedMeasure';
import { GuidedPrepare, GuidedRest } from './GuidedPrepare';
import { GuidedReview } from './GuidedReview';
import {
  clearGuidedDraft,
  guidedReducer,
  initialGuidedState,
  loadGuidedDraft,
  restEndsAt,
  saveGuidedDraft,
  sessionPayload,
  waitEndsAt,
  type GuidedState,
  type GuidedStep,
} from './guidedSession';
import { useCountdown } from './useCountdown';

const STEPS: ReadonlyArray<{ step: GuidedStep; label: string }> = [
  { step: 'prepare', label: 'Get ready' },
  { step: 'rest', label: 'Rest' },
  { step: 'measure', label: 'Readings' },
  { step: 'review', label: 'Save' },
];

const READING_FIELD = /^readings\.(\d+)\.(systolic|diastolic|heartRate|time)$/;

interface SaveErrors {
  readings: ReadingErrors[];
  other: string[];
}

const NO_ERRORS: SaveErrors = { readings: [], other: [] };

/** The server's field errors: those of one reading by its index, the rest as a list. */
function sortErrors(fieldErrors: Record<string, string>): SaveErrors {
  const out: SaveErrors = { readings: [], other: [] };
  for (const [key, text] of Object.entries(fieldErrors)) {
    const m = READING_FIELD.exec(key);
    const field = m?.[2];
    if (m && field && field !== 'time') {
      const index = Number(m[1]);
      out.readings[index] = { ...out.readings[index], [field]: text };
    } else if (!out.other.includes(text)) {
      out.other.push(text);
    }
  }
  return out;
}

function isPristine(state: GuidedState): boolean {
  return state.step === 'prepare' && state.restStartedAt === null && !state.checked.some(Boolean);
}

/**
 * The guided measurement (issue 15): checklist, rest, 2 or 3 readings a minute apart, review,
 * saved as one session (POST /api/bp-sessions). The state is this user's draft in this tab,
 * kept across reloads; the screen stays on during the rest and the readings.
 */
export function GuidedMeasurement({ owner }: { owner: number }): ReactElement {
  const navigate = useNavigate();
  const { toast } = useToast();
  const guards = useRecordGuards();
  const refreshReadings = useRefreshReadings();
  const [state, dispatch] = useReducer(guidedReducer, owner, (o) => loadGuidedDraft(o) ?? initialGuidedState());
  const [errors, setErrors] = useState<SaveErrors>(NO_ERRORS);
  const [saving, setSaving] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const saved = useRef(false);

  useEffect(() => {
    if (saved.current) return;
    if (isPristine(state)) clearGuidedDraft();
    else saveGuidedDraft(owner, state);
  }, [owner, state]);

  useWakeLock(state.step === 'rest' || state.step === 'measure');

  // A new step (or reading) moves focus to its heading, not on the first render.
  const stepKey = `${state.step}-${state.current}`;
  const lastKey = useRef(stepKey);
  const headingRef = useCallback(
    (el: HTMLHeadingElement | null) => {
      if (el && lastKey.current !== stepKey) {
        lastKey.current = stepKey;
        el.focus();
      }
    },
    [stepKey],
  );

  const restRemaining = useCountdown(state.step === 'rest' ? restEndsAt(state) : null);
  const waitAt = state.step === 'measure' ? waitEndsAt(state) : null;
  const waitRemaining = useCountdown(waitAt);

  // Set at the first tap, before any await: a second tap while the subscription is being
  // checked would otherwise send the measurement twice.
  const sending = useRef(false);

  const save = async (): Promise<void> => {
    if (sending.current) return;
    sending.current = true;
    setErrors(NO_ERRORS);
    setSaving(true);
    if (!(await guards.mayRecord())) {
      sending.current = false;
      setSaving(false);
      return;
    }
    try {
      await createBpSession(sessionPayload(state));
    } catch (error) {
      sending.current = false;
      setSaving(false);
      if (guards.handledAuthError(error)) return;
      const sorted = sortErrors(isApiError(error) ? error.fieldErrors : {});
      if (sorted.other.length === 0 && sorted.readings.length === 0) sorted.other.push(readingMessages.recordFailed);
      setErrors(sorted);

      toast({
        title: readingMessages.recordFailed,
        description: isApiError(error) && !isInvalid(error) ? error.serverMessage : undefined,
        variant: 'destructive',
      });
      return;
    }
    saved.current = true;
    clearGuidedDraft();
    await refreshReadings();
    toast({
      title: 'Measurement saved',
      description: `The average of your ${state.readings.length} readings was recorded.`,
    });
    navigate('/');
  };

  const current = state.readings[state.current];
  let body: ReactElement;
  switch (state.step) {
    case 'prepare':
      body = <GuidedPrepare checked={state.checked} dispatch={dispatch} headingRef={headingRef} />;
      break;
    case 'rest':
      body = <GuidedRest remaining={restRemaining} dispatch={dispatch} headingRef={headingRef} />;
      break;
    case 'measure':
      body = current ? (
        <GuidedMeasure
          key={state.current}
          index={state.current}
          count={state.readings.length}
          draft={current}
          waitRemaining={waitAt === null ? null : waitRemaining}
          optional={state.current >= GUIDED.minReadings && current.takenAt === null}
          serverErrors={errors.readings[state.current] ?? {}}
          dispatch={dispatch}
          headingRef={headingRef}
        />
      ) : (
        <p role="alert">{RULE_MESSAGES.sessionCount}</p>
      );
      break;
    case 'review':
      body = (
        <GuidedReview
          state={state}
          readingErrors={errors.readings}
          failure={errors.other}
          saving={saving}
          onSave={() => void save()}
          dispatch={dispatch}
          headingRef={headingRef}
        />
      );
      break;
  }

  const stepIndex = STEPS.findIndex((s) => s.step === state.step);
  return (
    <div className="guided">
      <ol className="guided-progress" aria-label="Steps">
        {STEPS.map((s, i) => (
          <li
            key={s.step}
            className={i < stepIndex ? 'guided-progress-done' : i === stepIndex ? 'guided-progress-current' : undefined}
            aria-current={i === stepIndex ? 'step' : undefined}
          >
            <span className="guided-progress-number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="guided-progress-label">{s.label}</span>
          </li>
        ))}
      </ol>
      {body}
      {isPristine(state) ? null : (
        <div className="guided-restart">
          <button type="button" className="btn btn-ghost" disabled={saving} onClick={() => setConfirmReset(true)}>
            Start over
          </button>
        </div>
      )}
      {confirmReset ? (
        <Dialog
          title="Start over?"
          description="The checklist, the rest and the readings entered so far are discarded."
          confirmLabel="Start over"
          pendingLabel="Starting over..."
          busy={false}
          onConfirm={() => {
            setConfirmReset(false);
            setErrors(NO_ERRORS);
            dispatch({ type: 'reset' });
          }}
          onCancel={() => setConfirmReset(false)}
        />
      ) : null}
    </div>
  );
}
