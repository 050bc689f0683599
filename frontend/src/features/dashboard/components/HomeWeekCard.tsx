import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { StartWeekButton } from '../../../components/homeWeek/StartWeekButton';
import { WeekResult } from '../../../components/homeWeek/WeekResult';
import { WeekStatus } from '../../../components/homeWeek/WeekStatus';
import { WeekRecognised } from '../../../components/homeWeek/WeekRecognised';
import { weekPlaceholder } from '../../../components/homeWeek/WeekLoading';
import { useHomeWeek } from '../../../lib/homeWeek';
import { WeekSlots } from './WeekSlots';

export const HOME_WEEK_TITLE = 'Home monitoring week';

/**
 * The dashboard's home monitoring week: what it is and a start button when there is none;
 * else its progress (days and morning/evening slots), and its average with the level, the
 * source and the note once enough days count.
 */
export function HomeWeekCard(): ReactElement {
  const { week, error } = useHomeWeek();

  const body = week ? (
    <>
      {week.origin === 'recognised' ? <WeekRecognised startDate={week.startDate} /> : null}
      <WeekStatus week={week} />
      <WeekSlots week={week} />
      <WeekResult week={week} />
      {week.complete && week.origin === 'started' ? (
        <div>
          <StartWeekButton label="Start a new week" secondary />
        </div>
      ) : null}
    </>
  ) : (
    weekPlaceholder(week, error)
  );

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
