import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/icons/Icon';
import { ClinicTag } from '../../readings/ui/ReadingCells';
import { categoryLabel, categoryNote, categoryOf, type GuidelineRules } from '../../readings/model/bpCategory';
import { formatDate, formatTime12, isoDateDaysAgo } from '../../../lib/dates';
import type { Reading } from '../../readings/api/readings';
import { formatBpPair } from '../../../lib/units';
import { BP_BANDS } from '../../../components/chart/measureCharts';
import { MIN_DAYS } from '../../../components/chart/direction';
import { WEEK_DAYS, bpSummary, directionArrow, directionText } from '../bpSummary';

/** Where a person brings readings from another app (Profile → Your data → import). */
export const IMPORT_PATH = '/profile#profile-data';
export const IMPORT_LINK = 'Bring your history from another app';

/** "Today, 8:15 PM", "Yesterday, 7:30 AM", "11/20/2026, 7:30 AM": the app's one 12-hour form. */
export function whenText(date: string, time: string, now: Date): string {
  const day = date === isoDateDaysAgo(0, now) ? 'Today' : date === isoDateDaysAgo(1, now) ? 'Yesterday' : formatDate(date);
  return `${day}, ${formatTime12(time)}`;
}

export interface BpHeroProps {
  /** The newest reading with a blood pressure (undefined: none). */
  latest: Reading | undefined;
  /** The readings of at least the last 14 days (the charts' 90). */
  readings: ReadonlyArray<Reading>;
  now: number;
  guideline: GuidelineRules;
}

/**
 * The dashboard's answer first (issue 36): the latest blood pressure in large type, coloured
 * by its category in the person's guideline, the 7-day home average under it (whole mmHg)
 * and the direction since the week before; how each is worked out behind its (i). Without a
 * blood pressure yet, where to record one or bring one's history from another app.
 */
export function BpHero({ latest, readings, now, guideline }: BpHeroProps): ReactElement {
  const today = new Date(now);
  if (!latest) {
    return (
      <section className="card bp-hero bp-hero-empty" aria-labelledby="bp-hero-heading">
        <h2 id="bp-hero-heading" className="bp-hero-title">
          Blood pressure
        </h2>
        <p className="bp-hero-none">No blood pressure readings yet.</p>
        <p className="bp-hero-start">
          <Link className="btn btn-secondary" to={IMPORT_PATH}>
            {IMPORT_LINK}
          </Link>
          <span className="text-muted text-sm">OMRON connect, Withings, Apple Health or a spreadsheet</span>
        </p>
      </section>
    );
  }
  const category = categoryOf(latest);
  const { average, direction } = bpSummary(readings, today);
  const arrow = directionArrow(direction);
  return (
    <section className="card bp-hero" aria-labelledby="bp-hero-heading">
      <h2 id="bp-hero-heading" className="bp-hero-title">
        Blood pressure
      </h2>
      <div className="bp-hero-body">
        <div className={category ? `bp-hero-latest bp-badge-tone-${category.rule.tone}` : 'bp-hero-latest bp-hero-latest-plain'}>
          <p className="bp-hero-label">Latest</p>
          <p className="bp-hero-value">
            <span className="bp-hero-number">
              {latest.systolic ?? '---'}/{latest.diastolic ?? '---'}
            </span>{' '}
            <span className="bp-hero-unit">mmHg</span>
          </p>
          <p className="bp-hero-category">
            {category ? `${categoryLabel(category)} · ${category.guideline.name}` : 'No category from one number'}
          </p>
          <p className="bp-hero-when">
            {whenText(latest.date, latest.time, today)}
            {latest.setting === 'office' ? <ClinicTag /> : null}
          </p>
        </div>
        <div className="bp-hero-facts">
          <p className="bp-hero-average">
            <span className="bp-hero-fact-label">{WEEK_DAYS}-day average</span>
            {average ? (
              <>
                <span className="bp-hero-average-value">{formatBpPair(average.systolic, average.diastolic)}</span>{' '}
                <span className="bp-hero-unit">mmHg</span>
                <span className="bp-hero-count">
                  {' '}
                  · {average.count} {average.count === 1 ? 'reading' : 'readings'}
                </span>
              </>
            ) : (
              <span className="bp-hero-missing">No home readings in the last {WEEK_DAYS} days</span>
            )}
          </p>
          <p className={direction.kind === 'missing' ? 'bp-hero-direction bp-hero-missing' : 'bp-hero-direction'}>
            {arrow ? (
              <span className="bp-hero-arrow" aria-hidden="true">
                {arrow}
              </span>
            ) : null}
            {directionText(direction)}
          </p>
        </div>
      </div>
      <details className="disclosure bp-hero-about">
        <summary>
          <Icon name="info" size={16} />
          How these are worked out
        </summary>
        <div className="bp-hero-about-body">
          <p>
            <strong>Latest</strong> is your newest reading with a blood pressure; its colour is its category in the{' '}
            {guideline.name} guideline. {categoryNote(guideline)}
          </p>
          <p>
            <strong>{WEEK_DAYS}-day average</strong> is the mean of your home readings with both numbers over the last{' '}
            {WEEK_DAYS} calendar days, today included, in whole mmHg. Readings taken at the clinic are left out, as in your
            home monitoring week.
          </p>
          <p>
            <strong>The direction</strong> compares these {WEEK_DAYS} days with the {WEEK_DAYS} before: each day&apos;s
            readings are averaged, and the middle (median) day of each week is compared, so one unusual reading does not
            turn it. A change under {BP_BANDS.systolic} mmHg systolic and {BP_BANDS.diastolic} mmHg diastolic is about the
            same; it needs readings on at least {MIN_DAYS} days of each week. The bands and the minimum are Vitalog&apos;s,
            not a guideline&apos;s.
          </p>
        </div>
      </details>
    </section>
  );
}
