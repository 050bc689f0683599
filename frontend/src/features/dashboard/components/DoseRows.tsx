import type { ReactElement } from 'react';
import { Spinner } from '../../../components/feedback/Spinner';
import { formatTime12 } from '../../../lib/dates';
import type { AsNeededLog, Dose } from '../../medications/api/medications';
import { slotKey, type DoseActions } from '../useDoseActions';

/**
 * A row button's accessible name: its visible word, then which dose it acts on ("Taken:
 * Amlodipine 5 mg, 8:00 AM"), so a list of "Taken" buttons can be told apart.
 */
const named = (word: string, which: string): { 'aria-label': string } => ({ 'aria-label': `${word}: ${which}` });

export interface DoseRowProps {
  dose: Dose;
  actions: DoseActions;
  /** Called as one of the row's buttons is pressed: focus comes back to the row afterwards. */
  onAct?: () => void;
  onSkip: (dose: Dose) => void;
}

/** One scheduled dose of the day: its time, what, and Taken / Skip, or what was recorded and Undo. */
export function DoseRow({ dose, actions, onAct, onSkip }: DoseRowProps): ReactElement {
  const time = formatTime12(dose.time);
  const which = `${dose.name} ${dose.doseLabel}, ${time}`;
  const busy = actions.busy === slotKey(dose.medicationId, dose.time) || actions.busy === 'all';
  const undoing = dose.intakeId !== null && actions.busy === `undo-${dose.intakeId}`;
  return (
    <li className={`dose-row dose-${dose.status}`} data-slot={slotKey(dose.medicationId, dose.time)}>
      <span className="dose-time">{time}</span>
      <span className="dose-what">
        <span className="dose-name">{dose.name}</span> <span className="dose-label">{dose.doseLabel}</span>
        {dose.status === 'skipped' ? (
          <span className="dose-state">Skipped{dose.reason ? `: ${dose.reason}` : ''}</span>
        ) : null}
        {dose.status === 'taken' ? (
          <span className="dose-state dose-state-taken">
            <span aria-hidden="true">✓ </span>Taken
          </span>
        ) : null}
      </span>
      <span className="dose-actions">
        {dose.status === 'due' ? (
          <>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={busy}
              aria-busy={busy || undefined}
              {...named('Taken', which)}
              onClick={() => {
                onAct?.();
                void actions.take(dose);
              }}
            >
              {busy ? <Spinner size="sm" /> : null}
              Taken
            </button>
            <button type="button" className="btn btn-secondary btn-sm" disabled={busy} {...named('Skip', which)} onClick={() => {
                onAct?.();
                onSkip(dose);
              }}
            >
              Skip
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={undoing || dose.intakeId === null}
            aria-busy={undoing || undefined}
            {...named('Undo', which)}
            onClick={() => {
              if (dose.intakeId === null) return;
              onAct?.();
              void actions.undo(dose.medicationId, dose.intakeId, which);
            }}
          >
            {undoing ? <Spinner size="sm" /> : null}
            Undo
          </button>
        )}
      </span>
    </li>
  );
}

export interface AsNeededRowProps {
  medication: AsNeededLog;
  actions: DoseActions;
  onLog: (medication: AsNeededLog) => void;
}

/** An as-needed medication: the doses logged that day (each with Undo) and Log a dose. */
export function AsNeededRow({ medication, actions, onLog }: AsNeededRowProps): ReactElement {
  const busy = actions.busy === slotKey(medication.medicationId, 'log');
  return (
    <li className="dose-row dose-as-needed">
      <span className="dose-what">
        <span className="dose-name">{medication.name}</span> <span className="dose-label">{medication.doseLabel}</span>
        <span className="dose-state">
          {medication.taken.length === 0 ? 'As needed: none logged' : `As needed: ${medication.taken.length} logged`}
        </span>
        {medication.taken.length > 0 ? (
          <ul className="dose-logs" aria-label={`Doses of ${medication.name} logged`}>
            {medication.taken.map((t) => {
              const which = `${medication.name} at ${formatTime12(t.time)}`;
              const undoing = actions.busy === `undo-${t.intakeId}`;
              return (
                <li key={t.intakeId}>
                  <span>Taken at {formatTime12(t.time)}</span>
                  <button
                    type="button"
                    className="link-button"
                    disabled={undoing}
                    {...named('Undo', which)}
                    onClick={() => void actions.undo(medication.medicationId, t.intakeId, which)}
                  >
                    Undo
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </span>
      <span className="dose-actions">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={busy}
          aria-busy={busy || undefined}
          {...named('Log a dose', medication.name)}
          onClick={() => onLog(medication)}
        >
          {busy ? <Spinner size="sm" /> : null}
          Log a dose
        </button>
      </span>
    </li>
  );
}
