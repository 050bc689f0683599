import { useId, type Dispatch, type ReactElement, type ReactNode } from 'react';
import { GUIDED } from '../../../lib/readingRules';
import { clock, countdownAnnouncement, type GuidedAction } from './guidedSession';

const minutes = (seconds: number): string => {
  const m = Math.round(seconds / 60);
  return m === 1 ? '1 minute' : `${m} minutes`;
};

/** '5-minute' */
const REST_ADJECTIVE = `${Math.round(GUIDED.restSeconds / 60)}-minute`;

/** The rest, as a phrase: '5 minutes'. */
export const REST_PHRASE = minutes(GUIDED.restSeconds);
/** The pause between readings: '1 minute'. */
export const BETWEEN_PHRASE = minutes(GUIDED.betweenSeconds);

/** A step's frame: its heading (focused when the step begins), content, and actions at the bottom. */
export function GuidedStepCard({
  title,
  headingRef,
  children,
  actions,
}: {
  title: string;
  headingRef: (el: HTMLHeadingElement | null) => void;
  children: ReactNode;
  actions: ReactNode;
}): ReactElement {
  const headingId = useId();
  return (
    <section className="card guided-card" aria-labelledby={headingId}>
      <h2 className="guided-title" id={headingId} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      <div className="guided-body">{children}</div>
      <div className="guided-actions">{actions}</div>
    </section>
  );
}

/** A large countdown: the visible m:ss is a timer, which screen readers do not announce. */
export function Countdown({ remaining, label }: { remaining: number; label: string }): ReactElement {
  const labelId = useId();
  return (
    <div className="guided-countdown">
      <p className="guided-countdown-label" id={labelId}>
        {label}
      </p>
      <p className="guided-countdown-time" role="timer" aria-labelledby={labelId}>
        {clock(remaining)}
      </p>
    </div>
  );
}

/**
 * What a screen reader hears of a countdown (a polite live region): the minutes left, then
 * 30 and 10 seconds, then `done`. Keep it mounted when the countdown ends, so `done` is heard.
 */
export function CountdownAnnouncer({ remaining, done }: { remaining: number | null; done: string }): ReactElement {
  return (
    <p className="visually-hidden" aria-live="polite">
      {remaining === null ? '' : countdownAnnouncement(remaining, done)}
    </p>
  );
}

export interface PrepareProps {
  checked: readonly boolean[];
  dispatch: Dispatch<GuidedAction>;
  headingRef: (el: HTMLHeadingElement | null) => void;
}

/** Step 1: the preparation checklist (rules.json guided.checklist). */
export function GuidedPrepare({ checked, dispatch, headingRef }: PrepareProps): ReactElement {
  const done = checked.filter(Boolean).length;
  return (
    <GuidedStepCard
      title="Get ready"
      headingRef={headingRef}
      actions={
        <button type="button" className="btn btn-primary" onClick={() => dispatch({ type: 'startRest', now: Date.now() })}>
          Start the {REST_ADJECTIVE} rest
        </button>
      }
    >
      <p>Check each point. Then rest for {REST_PHRASE} before the first reading.</p>
      <ul className="guided-checklist" aria-label="Preparation checklist">
        {GUIDED.checklist.map((item, index) => (
          <li key={item}>
            <label className="guided-check">
              <input
                type="checkbox"
                checked={checked[index] ?? false}
                onChange={() => dispatch({ type: 'toggle', index })}
              />
              <span>{item}</span>
            </label>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted" aria-live="polite">
        {done} of {GUIDED.checklist.length} checked
      </p>
    </GuidedStepCard>
  );
}

export interface RestProps {
  remaining: number;
  dispatch: Dispatch<GuidedAction>;
  headingRef: (el: HTMLHeadingElement | null) => void;
}

/** Step 2: the rest, which may be skipped (the measurement records it). */
export function GuidedRest({ remaining, dispatch, headingRef }: RestProps): ReactElement {
  const over = remaining <= 0;
  return (
    <GuidedStepCard
      title={`Rest for ${REST_PHRASE}`}
      headingRef={headingRef}
      actions={
        over ? (
          <button type="button" className="btn btn-primary" onClick={() => dispatch({ type: 'endRest' })}>
            Take reading 1
          </button>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => dispatch({ type: 'skipRest', now: Date.now() })}>
            Skip the rest
          </button>
        )
      }
    >
      <p>Sit still and relaxed, without talking. Keep the cuff on.</p>
      <Countdown remaining={remaining} label="Rest time left" />
      <CountdownAnnouncer remaining={remaining} done="Rest complete. Take your first reading now." />
      {over ? (
        <p className="guided-done" aria-hidden="true">
          Rest complete. Take your first reading now.
        </p>
      ) : (
        <p className="text-sm text-muted">If you skip the rest, the measurement notes that it was skipped.</p>
      )}
    </GuidedStepCard>
  );
}
