import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/feedback/Alert';
import { Skeleton } from '../../../components/feedback/Skeleton';
import { HomeWeekIntro } from '../../../components/homeWeek/HomeWeekIntro';
import { useStartHomeWeek } from '../../../components/homeWeek/useStartHomeWeek';
import { WeekResult } from '../../../components/homeWeek/WeekResult';
import { WeekStatus } from '../../../components/homeWeek/WeekStatus';
import { useHomeWeek } from '../../../lib/homeWeek';
import { WeekSlots } from './WeekSlots';

export const HOME_WEEK_TITLE = 'Home monitoring week';
export const START_WEEK = 'Start a home monitoring week';

function StartButton({ label = START_WEEK, secondary = false }: { label?: string; secondary?: boolean }): ReactElement {
  const { start, starting } = useStartHomeWeek();
  return (
    <button
      type="button"
      className={secondary ? 'btn btn-secondary' : 'btn btn-primary'}
      onClick={() => void start()}
      disabled={starting}
    >
      {starting ? 'Starting…' : label}
    </button>
  );
}

/**
 * The dashboard's home monitoring week: what it is and a start button when there is none;
 * else its progress (days and morning/evening slots), and its average with the level, the
 * source and the note once enough days count.
 */
export function HomeWeekCard(): ReactElement {
  const { week, error } = useHomeWeek();

  let body: ReactElement;
  if (week === undefined && error !== undefined) {
    body = (
      <Alert variant="danger" title="Your home monitoring week could not be loaded">
        Check your connection and reload the page to try again.
      </Alert>
    );
  } else if (week === undefined) {
    body = (
      <div className="week-skeleton" role="status" aria-live="polite">
        <span className="visually-hidden">Loading your home monitoring week…</span>
        <Skeleton width="45%" height={16} />
        <Skeleton height={96} radius={10} />
      </div>
    );
  } else if (week === null) {
    body = (
      <div className="week-empty">
        <HomeWeekIntro />
        <div>
          <StartButton />
        </div>
      </div>
    );
  } else {
    body = (
      <>
        {week.origin === 'recognised' ? (
          <Alert variant="info" title="Found from your readings" className="week-recognised">
            <p>These readings look like a home monitoring week. Start one to follow the plan from today.</p>
            <StartButton secondary />
          </Alert>
        ) : null}
        <WeekStatus week={week} />
        <WeekSlots week={week} />
        <WeekResult week={week} />
        {week.complete && week.origin === 'started' ? (
          <div>
            <StartButton label="Start a new week" secondary />
          </div>
        ) : null}
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
          <Link to="/home-week" className="text-sm">
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
