import type { ReactElement } from 'react';
import { Icon } from '../../../components/icons/Icon';
import { readingsCount } from '../../../components/homeWeek/WeekResult';
import { cx } from '../../../lib/cx';
import { formatMonthDay, readingTimestamp } from '../../../lib/dates';
import type { HomeWeek, HomeWeekDay, Period } from '../../../lib/homeWeek';
import { PERIOD_LABELS } from '../../../lib/readings';

const PERIODS: ReadonlyArray<Period> = ['morning', 'evening'];

function Slot({ day, period, today }: { day: HomeWeekDay; period: Period; today: number | null }): ReactElement {
  const count = day[period];
  const done = count > 0;
  const ahead = !done && today !== null && day.day >= today;
  return (
    <td className={cx('week-slot', done && 'week-slot-done', ahead && 'week-slot-ahead', !day.counted && 'week-slot-uncounted')}>
      <span className="week-slot-mark" aria-hidden="true">
        {done ? <Icon name="check-circle" size={18} /> : null}
      </span>
      <span className="visually-hidden">{done ? readingsCount(count) : 'no readings'}</span>
    </td>
  );
}

/**
 * The week at a glance: a column per day (day 1 marked "not counted", today highlighted)
 * and a row each for the morning and evening slots, done once they hold a reading.
 */
export function WeekSlots({ week }: { week: HomeWeek }): ReactElement {
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
                className={cx(!d.counted && 'week-day-uncounted', d.day === week.today && 'week-day-today')}
                aria-current={d.day === week.today ? 'date' : undefined}
              >
                <span className="week-day-number">
                  <span className="week-day-word">Day </span>
                  {d.day}
                </span>
                <span className="week-day-date">{formatMonthDay(readingTimestamp(d.date, null))}</span>
                {d.counted ? null : <span className="week-day-note">not counted</span>}
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
