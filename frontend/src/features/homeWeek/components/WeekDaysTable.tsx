import type { ReactElement } from 'react';
import { formatDate } from '../../../lib/dates';
import { isLeftOut, type HomeWeek, type HomeWeekDay } from '../api/homeWeek';

/** Whether a day is in the average: day 1 never is (the guidelines leave it out). */
function countedText(day: HomeWeekDay, today: number | null): string {
  if (isLeftOut(day)) return 'Not counted';
  if (day.counted) return 'Counted';
  return today !== null && day.day >= today ? 'Not yet' : 'No readings';
}

/** Day by day: the date, the morning's and the evening's readings, and whether the day is in the average. */
export function WeekDaysTable({ week }: { week: HomeWeek }): ReactElement {
  return (
    <div>
      <table className="week-days">
        <caption className="visually-hidden">Blood pressure readings of each day of the week</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Morning</th>
            <th scope="col">Evening</th>
            <th scope="col">In the average</th>
          </tr>
        </thead>
        <tbody>
          {week.days.map((d) => {
            const today = d.day === week.today;
            return (
              <tr key={d.day} className={today ? 'week-days-today' : undefined} aria-current={today ? 'date' : undefined}>
                <th scope="row">
                  <span className="week-days-day">
                    Day {d.day}
                    {today ? <span className="week-days-today-tag">today</span> : null}
                  </span>
                  <span className="week-days-date">{formatDate(d.date)}</span>
                </th>
                <td className="cell-number">{d.morning}</td>
                <td className="cell-number">{d.evening}</td>
                <td className={isLeftOut(d) ? 'week-days-uncounted' : undefined}>{countedText(d, week.today)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
