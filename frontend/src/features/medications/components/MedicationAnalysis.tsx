import type { ReactElement } from 'react';
import { AverageValue } from '../../homeWeek/ui/WeekResult';
import { formatDate } from '../../../lib/dates';
import type { Adherence, BpAverage, Effect, MedicationDetail } from '../api/medications';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** One side of a before/after comparison: the average and how many readings it is of (as the home week shows one). */
function Side({ label, average }: { label: string; average: BpAverage | null }): ReactElement {
  if (average) return <AverageValue average={average} label={label} />;
  return (
    <p className="week-average">
      <span className="week-average-label">{label}</span>
      <span className="week-average-count">No readings</span>
    </p>
  );
}

/** One start or change: its two averages and the server's sentence (which says what is missing). */
function EffectItem({ effect }: { effect: Effect }): ReactElement {
  return (
    <li className="med-effect">
      <p className="med-effect-title">
        <span className="med-effect-label">{effect.label}</span>
        <span className="med-effect-date">{formatDate(effect.date)}</span>
      </p>
      <div className="med-sides">
        <Side label="14 days before" average={effect.before} />
        <Side label="After, from day 3" average={effect.after} />
      </div>
      <p className="med-effect-summary">{effect.summary}</p>
    </li>
  );
}

/** Blood pressure before and after each start and change of dose, with the server's note. */
export function EffectsCard({ detail }: { detail: MedicationDetail }): ReactElement {
  return (
    <section className="card med-card" aria-labelledby="med-effects-heading">
      <h2 id="med-effects-heading" className="med-card-title">
        Blood pressure before and after
      </h2>
      <p className="text-sm text-muted">
        Your average blood pressure in the 14 days before each start or change of dose, and in the 14 days after it
        (from day 3, to give it time to act). Each side needs at least {detail.minReadings} readings.
      </p>
      {detail.effects.length === 0 ? (
        <p className="med-empty">Nothing to compare yet.</p>
      ) : (
        <ul className="med-effects">
          {detail.effects.map((effect) => (
            <EffectItem key={`${effect.date}-${effect.kind}`} effect={effect} />
          ))}
        </ul>
      )}
      <p className="med-note" role="note">
        {detail.note}
      </p>
    </section>
  );
}

/**
 * "Taken 25 of 28 doses due (89%)", or what there is when no dose was due; doses before the
 * medication was added to Vitalog are "not recorded", never missed (issue 36).
 */
export function adherenceLine(a: Adherence): string {
  const since = a.added === null ? '' : ` since you added it on ${formatDate(a.added)}`;
  const earlier = a.notRecorded > 0 ? ` Earlier doses: not recorded.` : '';
  if (a.due === 0) {
    if (a.asNeeded > 0) return `${plural(a.asNeeded, 'dose')} taken as needed.`;
    return `No doses were due${since === '' ? ' in this period' : since}.${earlier}`;
  }
  const percent = a.percent === null ? '' : ` (${Math.round(a.percent)}%)`;
  return `Taken ${a.taken} of ${plural(a.due, 'dose')} due${since}${percent}.${earlier}`;
}

/** How the last 30 days' doses went: taken of due, skipped, missed. */
export function AdherenceCard({ adherence }: { adherence: Adherence }): ReactElement {
  const a = adherence;
  return (
    <section className="card med-card" aria-labelledby="med-adherence-heading">
      <h2 id="med-adherence-heading" className="med-card-title">
        Doses, last 30 days
      </h2>
      <p className="text-sm text-muted">
        {formatDate(a.from)} to {formatDate(a.to)}
      </p>
      <p className="med-adherence-line">{adherenceLine(a)}</p>
      {a.due > 0 ? (
        <>
          <div
            className="med-meter"
            role="meter"
            aria-label="Doses taken"
            aria-valuemin={0}
            aria-valuemax={a.due}
            aria-valuenow={a.taken}
            aria-valuetext={`${a.taken} of ${a.due}`}
          >
            <span style={{ width: `${Math.min(100, (a.taken / a.due) * 100)}%` }} />
          </div>
          <dl className="med-counts">
            <div>
              <dt>Taken</dt>
              <dd>{a.taken}</dd>
            </div>
            <div>
              <dt>Skipped</dt>
              <dd>{a.skipped}</dd>
            </div>
            <div>
              <dt>Missed</dt>
              <dd>{a.missed}</dd>
            </div>
          </dl>
          <p className="text-sm text-muted">Missed: due, and neither marked taken nor skipped.</p>
        </>
      ) : null}
      {a.due > 0 && a.asNeeded > 0 ? <p className="text-sm">{plural(a.asNeeded, 'dose')} taken as needed.</p> : null}
    </section>
  );
}
