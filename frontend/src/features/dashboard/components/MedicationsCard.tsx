import { useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/feedback/Alert';
import { Icon } from '../../../components/icons/Icon';
import { Skeleton } from '../../../components/feedback/Skeleton';
import { Spinner } from '../../../components/feedback/Spinner';
import { formatDate } from '../../../lib/dates';
import { hasCurrentMedication, useDoses, useMedications, type AsNeededLog, type Dose, type DosesAnswer } from '../../medications/api/medications';
import { slotKey, useDoseActions } from '../useDoseActions';
import { LogDoseDialog, SkipDialog } from './DoseDialogs';
import { AsNeededRow, DoseRow } from './DoseRows';
import './medicationsCard.css';
import { NeedsConnection } from '../../../components/feedback/NeedsConnection';
import { useOnline } from '../../../lib/connection';

export const MEDICATIONS_CARD_TITLE = "Today's medications";

/** The rows' placeholder while a day's doses load. */
function DosesSkeleton(): ReactElement {
  return (
    <div className="doses-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">Loading your doses…</span>
      {[0, 1].map((i) => (
        <Skeleton key={i} height={44} radius={8} />
      ))}
    </div>
  );
}

interface DayDosesProps {
  answer: DosesAnswer;
}

/** A day's doses: the scheduled ones with Taken / Skip, Mark all taken, and the as-needed ones. */
function DayDoses({ answer }: DayDosesProps): ReactElement {
  const actions = useDoseActions(answer.date, answer.today);
  const [skipping, setSkipping] = useState<Dose | null>(null);
  const [logging, setLogging] = useState<AsNeededLog | null>(null);
  const due = answer.doses.filter((d) => d.status === 'due').length;
  const taken = answer.doses.filter((d) => d.status === 'taken').length;
  const isToday = answer.date === answer.today;
  // Taken, Skip, Undo and Mark all taken replace the button that was pressed (or, while it
  // runs, disable it, which drops focus): once done, focus goes back to that dose's row (Mark
  // all taken: to itself, or the first dose), not to the page's start.
  const root = useRef<HTMLDivElement>(null);
  const refocus = useRef<string | null>(null);
  const dialogOpen = skipping !== null || logging !== null;
  useLayoutEffect(() => {
    const key = refocus.current;
    if (key === null || actions.busy !== null || dialogOpen) return;
    refocus.current = null;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && active.isConnected && !active.matches(':disabled')) return;
    const scope = root.current;
    if (!scope) return;
    const row = key === 'all' ? null : scope.querySelector(`[data-slot="${CSS.escape(key)}"]`);
    const target = (row ?? scope).querySelector<HTMLElement>('button:not(:disabled)');
    target?.focus();
  });
  const focusAfter = (key: string): void => {
    refocus.current = key;
  };

  if (answer.doses.length === 0 && answer.asNeeded.length === 0) {
    return <p className="doses-empty">{isToday ? 'No doses are due today.' : `No doses were due on ${formatDate(answer.date)}.`}</p>;
  }

  return (
    <div ref={root} className="doses-day-content">
      {answer.doses.length > 0 ? (
        <div className="doses-summary">
          <p aria-live="polite">
            {due === 0 ? `All ${answer.doses.length} recorded` : `${taken} of ${answer.doses.length} taken`}
          </p>
          {due > 0 ? (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={actions.busy !== null}
              aria-busy={actions.busy === 'all' || undefined}
              onClick={() => {
                focusAfter('all');
                void actions.takeAll(due);
              }}
            >
              {actions.busy === 'all' ? <Spinner size="sm" /> : null}
              Mark all taken
            </button>
          ) : null}
        </div>
      ) : null}
      {answer.doses.length > 0 ? (
        <ul className="dose-list" aria-label={isToday ? 'Doses due today' : `Doses due on ${formatDate(answer.date)}`}>
          {answer.doses.map((dose) => (
            <DoseRow
              key={`${dose.medicationId}-${dose.time}`}
              dose={dose}
              actions={actions}
              onAct={() => focusAfter(slotKey(dose.medicationId, dose.time))}
              onSkip={setSkipping}
            />
          ))}
        </ul>
      ) : null}
      {answer.asNeeded.length > 0 ? (
        <ul className="dose-list" aria-label="Taken as needed">
          {answer.asNeeded.map((m) => (
            <AsNeededRow key={m.medicationId} medication={m} actions={actions} onLog={setLogging} />
          ))}
        </ul>
      ) : null}
      {skipping ? (
        <SkipDialog
          dose={skipping}
          busy={actions.busy !== null}
          onCancel={() => setSkipping(null)}
          onConfirm={(reason) => {
            void actions.skip(skipping, reason).then((ok) => {
              if (ok) setSkipping(null);
            });
          }}
        />
      ) : null}
      {logging ? (
        <LogDoseDialog
          medication={logging}
          date={answer.date}
          today={answer.today}
          busy={actions.busy !== null}
          onCancel={() => setLogging(null)}
          onConfirm={(time) => {
            void actions.log(logging, time).then((ok) => {
              if (ok) setLogging(null);
            });
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * The dashboard's doses card, compact (issue 36: a side column beside the charts, or after
 * them on a phone), shown while the user has a current medication: the day's doses
 * (today by default; an earlier day to fill in), each to mark taken or skipped, Mark all
 * taken, as-needed medications to log, and undo of anything recorded.
 */
export function MedicationsCard(): ReactElement | null {
  const medications = useMedications();
  const hasCurrent = hasCurrentMedication(medications.data);
  const [date, setDate] = useState<string | null>(null);
  const doses = useDoses(date, hasCurrent);
  const online = useOnline();
  if (!hasCurrent) return null;

  const answer = doses.data;
  const today = answer?.today ?? null;
  const shownDate = date ?? today;
  const isToday = shownDate !== null && shownDate === today;
  // A past day's answer stays on screen while the next one loads: show it only when it is the day asked.
  const current = answer && answer.date === (date ?? answer.today) ? answer : undefined;

  let body: ReactElement;
  if (!current && doses.error !== undefined && !online) {
    body = <NeedsConnection title="Today's doses" />;
  } else if (!current && doses.error !== undefined) {
    body = (
      <Alert variant="danger" title="Your doses could not be loaded">
        <p>Check your connection and try again.</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void doses.mutate()}>
          Try again
        </button>
      </Alert>
    );
  } else if (!current) {
    body = <DosesSkeleton />;
  } else {
    body = <DayDoses key={current.date} answer={current} />;
  }

  return (
    <section className="card doses-card" aria-labelledby="doses-heading">
      <div className="doses-header">
        <h2 id="doses-heading" className="doses-title">
          {isToday || shownDate === null ? MEDICATIONS_CARD_TITLE : `Medications on ${formatDate(shownDate)}`}
        </h2>
        <div className="doses-day">
          <label htmlFor="doses-date" className="doses-day-label">
            Day
          </label>
          <input
            id="doses-date"
            type="date"
            className="field-input doses-date"
            value={shownDate ?? ''}
            max={today ?? undefined}
            onChange={(event) => {
              const value = event.target.value;
              if (/^\d{4}-\d{2}-\d{2}$/.test(value)) setDate(value === today ? null : value);
            }}
          />
          {!isToday && today ? (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setDate(null)}>
              Today
            </button>
          ) : null}
        </div>
      </div>
      <div className="doses-body" aria-busy={!current && doses.error === undefined ? true : undefined}>
        {body}
      </div>
      <div className="doses-footer text-sm">
        <Link className="doses-footer-link" to="/medications">
          Your medications
        </Link>
        <details className="disclosure doses-why">
          <summary>
            <Icon name="info" size={16} />
            Missed one?
          </summary>
          <p className="doses-why-body">
            Pick another day with Day above to fill in the doses you did not record on the day.
          </p>
        </details>
      </div>
    </section>
  );
}
