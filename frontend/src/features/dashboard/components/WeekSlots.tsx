import type { ReactElement } from 'react';
import { Icon } from '../../../components/icons/Icon';
import { readingsCount } from '../../../components/homeWeek/WeekResult';
import { cx } from '../../../lib/cx';
import { formatMonthDay, readingTimestamp } from '../../../lib/dates';
import { isLeftOut, type HomeWeek, type HomeWeekDay, type Period } from '../../../lib/homeWeek';
import { PERIOD_LABELS } from '../../../lib/readings';

const PERIODS: ReadonlyArray<Period> = ['morning', 'evening'];

/** A slot's look: done (it holds a reading), still ahead (today or later), on day 1 (not counted). */
function slotClasses(day: HomeWeekDay, count: number, today: number | null): string {
  const done = count > 0;
  const ahead = !done && today !== null && day.day >= today;
  return cx(done && 'week-slot-done', ahead && 'week-slot-ahead', isLeftOut(day) && 'week-slot-uncounted');
}

function Slot({ day, period, today }: { day: HomeWeekDay; period: Period; today: number | null }): ReactElement {
  const count = day[period];
  const done = count > 0;
  return (
    <td className={cx('week-slot', slotClasses(day, count, today))}>
      <span className="week-slot-mark" aria-hidden="true">
        {done ? <Icon name="check-circle" size={18} /> : null}
      </span>
      <span className="visually-hidden">{done ? readingsCount(count) : 'no readings'}</span>
    </td>
  );
}

/** A phone's view of the week: a line per day with its two slots. */
function WeekSlotsList({ week }: { week: HomeWeek }): ReactElement {
  return (
    <ol className="week-slots-list" aria-label="Morning and evening readings, day by day">
      {week.days.map((d) => {
        const today = d.day === week.today;
        return (
          <li key={d.day} className={cx('week-line', today && 'week-day-today')} aria-current={today ? 'date' : undefined}>
            <span className="week-line-day">
              <span className="week-line-number">Day {d.day}</span>
              <span className="week-day-date">{formatMonthDay(readingTimestamp(d.date, null))}</span>
              {today ? <span className="week-line-today">today</span> : null}
              {isLeftOut(d) ? <span className="week-day-note">not counted</span> : null}
            </span>
            {PERIODS.map((period) => {
              const count = d[period];
              return (
                <span key={period} className={cx('week-pill', slotClasses(d, count, week.today))}>
                  <span className="week-slot-mark" aria-hidden="true">
                    {count > 0 ? <Icon name="check-circle" size={16} /> : null}
                  </span>
                  {PERIOD_LABELS[period]}
                  <span className="visually-hidden">: {count > 0 ? readingsCount(count) : 'no readings'}</span>
                </span>
              );
            })}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The week at a glance: a column per day (day 1 marked "not counted", today highlighted)
 * and a row each for the morning and evening slots, done once they hold a reading; on a
 * phone, a line per day.
 */
export function WeekSlots({ week }: { week: HomeWeek }): ReactElement {
  return (
    <>
      <WeekSlotsTable week={week} />
      <WeekSlotsList week={week} />
    </>
  );
}

function WeekSlotsTable({ week }: { week: HomeWeek }): ReactElement {
  return (
    <div className="week-slots-wrap">
      <table className="week-slots">
        <caption className="visually-hidden">Morning and evening readings, day by day</caption>
        <thead>
          <tr>
            <td />
            {week.days.map((d) => (
              <th
                key={d.day}
                scope="col"
                className={cx(isLeftOut(d) && 'week-day-uncounted', d.day === week.today && 'week-day-today')}
                aria-current={d.day === week.today ? 'date' : undefined}
              >
                <span className="week-day-number">
                  <span className="week-day-word">Day </span>
                  {d.day}
                </span>
                <span className="week-day-date">{formatMonthDay(readingTimestamp(d.date, null))}</span>
                {isLeftOut(d) ? <span className="week-day-note">not counted</span> : null}
                {d.day === week.today ? <span className="visually-hidden">, today</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PERIODS.map((period) => (
            <tr key={period}>
              <th scope="row">{PERIOD_LABELS[period]}</th>
              {week.days.map((d) => (
                <Slot key={d.day} day={d} period={period} today={week.today} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
