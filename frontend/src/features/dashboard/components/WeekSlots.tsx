import type { ReactElement } from 'react';
import { Icon } from '../../../components/icons/Icon';
import { readingsCount } from '../../homeWeek/ui/WeekResult';
import { cx } from '../../../lib/cx';
import { formatMonthDay, readingTimestamp } from '../../../lib/dates';
import { isLeftOut, type HomeWeek, type HomeWeekDay, type Period } from '../../homeWeek/api/homeWeek';
import { PERIOD_LABELS } from '../../readings/api/readings';

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
        {done ? <Icon name="check-circle" size={14} /> : null}
      </span>
      <span className="visually-hidden">{done ? readingsCount(count) : 'no readings'}</span>
    </td>
  );
}

/**
 * The week at a glance, small enough for a side column or a phone: a narrow column per day
 * (its number; day 1, hatched, is "not counted" and today is highlighted, both said to
 * screen readers with the date) and a row each for the morning and evening slots, done once
 * they hold a reading. The day-by-day detail is on the week's page.
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
                className={cx(isLeftOut(d) && 'week-day-uncounted', d.day === week.today && 'week-day-today')}
                aria-current={d.day === week.today ? 'date' : undefined}
              >
                <span className="week-day-number">
                  <span className="visually-hidden">Day </span>
                  {d.day}
                </span>
                <span className="visually-hidden">{formatMonthDay(readingTimestamp(d.date, null))}</span>
                {isLeftOut(d) ? <span className="visually-hidden">not counted</span> : null}
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
