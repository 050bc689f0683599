import type { ReactElement } from 'react';
import { formatDate } from '../../../lib/dates';
import type { Adherence, BpAverage, Effect, MedicationDetail } from '../../../lib/medications';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** One side of a before/after comparison: the average and how many readings it is of. */
function Side({ label, average }: { label: string; average: BpAverage | null }): ReactElement {
  return (
    <div className="med-side">
      <p className="med-side-label">{label}</p>
      {average ? (
        <>
          <p className="med-side-value">
            {average.systolic}/{average.diastolic} <span className="med-side-unit">mmHg</span>
          </p>
          <p className="med-side-count">average of {plural(average.readings, 'reading')}</p>
        </>
      ) : (
        <p className="med-side-count">No readings</p>
      )}
    </div>
  );
}

/**
 * What a comparison without enough readings still needs: `min` readings on each side. The
 * readings before can still be added afterwards (a reading is dated when it was measured).
 */
export function readingsNeeded(effect: Pick<Effect, 'before' | 'after' | 'enough'>, min: number): string | null {
  if (effect.enough) return null;
  const before = Math.max(0, min - (effect.before?.readings ?? 0));
  const after = Math.max(0, min - (effect.after?.readings ?? 0));
  const missing = [
    before > 0 ? `${plural(before, 'more reading')} in the 14 days before` : null,
    after > 0 ? `${plural(after, 'more reading')} from day 3 after` : null,
  ].filter((part): part is string => part !== null);
  if (missing.length === 0) return null;
  return `A comparison needs at least ${plural(min, 'reading')} on each side: ${missing.join(' and ')}.`;
}

function EffectItem({ effect, minReadings }: { effect: Effect; minReadings: number }): ReactElement {
  const needed = readingsNeeded(effect, minReadings);
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
      {needed ? <p className="med-effect-needed">{needed}</p> : null}
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
        (from day 3, to give it time to act).
      </p>
      {detail.effects.length === 0 ? (
        <p className="med-empty">Nothing to compare yet.</p>
      ) : (
        <ul className="med-effects">
          {detail.effects.map((effect) => (
            <EffectItem key={`${effect.date}-${effect.kind}`} effect={effect} minReadings={detail.minReadings} />
          ))}
        </ul>
      )}
      <p className="med-note" role="note">
        {detail.note}
      </p>
    </section>
  );
}

/** "Taken 25 of 28 doses due (89%)", or what there is when no dose was due. */
export function adherenceLine(a: Adherence): string {
  if (a.due === 0) {
    return a.asNeeded > 0 ? `${plural(a.asNeeded, 'dose')} taken as needed.` : 'No doses were due in this period.';
  }
  const percent = a.percent === null ? '' : ` (${Math.round(a.percent)}%)`;
  return `Taken ${a.taken} of ${plural(a.due, 'dose')} due${percent}.`;
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
