import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/icons/Icon';
import { HomeWeekIntro } from '../../homeWeek/ui/HomeWeekIntro';
import { StartWeekButton, START_WEEK } from '../../homeWeek/ui/StartWeekButton';
import { START_RECOGNISED } from '../../homeWeek/ui/WeekRecognised';
import { AverageValue } from '../../homeWeek/ui/WeekResult';
import { WeekStatus } from '../../homeWeek/ui/WeekStatus';
import { WeekLoadError, WeekSkeleton } from '../../homeWeek/ui/WeekLoading';
import { formatDate } from '../../../lib/dates';
import { useHomeWeek, type HomeWeek } from '../../homeWeek/api/homeWeek';
import { HOME_WEEK_RULES } from '../../../lib/readingRules';
import { WeekSlots } from './WeekSlots';

export const HOME_WEEK_TITLE = 'Home monitoring week';

/** The card's "Why?": the explanation behind its answer, closed until asked for. */
function Why({ children }: { children: ReactNode }): ReactElement {
  return (
    <details className="disclosure week-why">
      <summary>
        <Icon name="info" size={16} />
        Why?
      </summary>
      <div className="week-why-body">{children}</div>
    </details>
  );
}

/** A week's average in short, with what its level means behind "Why?". */
function CompactResult({ week }: { week: HomeWeek }): ReactElement | null {
  const { average, level, compared } = week;
  if (!average) return null;
  return (
    <div className="week-compact-result">
      <AverageValue average={average} label="Your home average, days 2 to 7" />
      {level ? <p className="week-level-label">{level.label}</p> : null}
      <Why>
        {compared ? (
          <p>
            Compared with the thresholds unrounded: {compared.systolic.toFixed(1)}/{compared.diastolic.toFixed(1)} mmHg
          </p>
        ) : null}
        {level ? <p>{level.text}</p> : null}
        <p>Source: {HOME_WEEK_RULES.source}</p>
        <p>{HOME_WEEK_RULES.note}</p>
      </Why>
    </div>
  );
}

/**
 * The dashboard's home monitoring week, compact (issue 36: it must not push the charts
 * down): without a week, a line and a start; with one, its progress in a small grid of
 * morning and evening slots, and its average once enough days count. What a week is, and
 * what its level means, are behind "Why?"; the whole week is on its page.
 */
export function HomeWeekCard(): ReactElement {
  const { week, error } = useHomeWeek();

  let body: ReactElement;
  if (week === null) {
    body = (
      <>
        <p className="week-compact-line">Measure morning and evening for {HOME_WEEK_RULES.days} days for a home average.</p>
        <div>
          <StartWeekButton label={START_WEEK} />
        </div>
        <Why>
          <HomeWeekIntro />
        </Why>
      </>
    );
  } else if (week === undefined) {
    body = error !== undefined ? <WeekLoadError /> : <WeekSkeleton />;
  } else {
    body = (
      <>
        {week.origin === 'recognised' ? (
          <div className="week-compact-found">
            <p>
              <strong>Found from your readings:</strong> a week that began on {formatDate(week.startDate)}.
            </p>
            <StartWeekButton secondary label={START_RECOGNISED} startDate={week.startDate} />
          </div>
        ) : null}
        <WeekStatus week={week} />
        <WeekSlots week={week} />
        <CompactResult week={week} />
        {week.complete && week.origin === 'started' ? (
          <div>
            <StartWeekButton label="Start a new week" secondary />
          </div>
        ) : null}
        {week.average ? null : (
          <Why>
            {week.origin === 'recognised' ? (
              <p>
                These readings look like a home monitoring week. Start it to follow the plan to its seventh day; the days
                you have measured keep counting.
              </p>
            ) : null}
            <HomeWeekIntro />
          </Why>
        )}
      </>
    );
  }

  return (
    <section className="card week-card" aria-labelledby="home-week-heading">
      <div className="week-card-header">
        <h2 id="home-week-heading" className="week-card-title">
          {HOME_WEEK_TITLE}
        </h2>
        {week ? (
          <Link to="/home-week" className="week-card-link text-sm">
            See the whole week
          </Link>
        ) : null}
      </div>
      <div className="week-card-body" aria-busy={week === undefined && error === undefined ? true : undefined}>
        {body}
      </div>
    </section>
  );
}
