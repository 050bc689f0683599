import type { ReactElement } from 'react';
import { formatDate } from '../../../lib/dates';
import type { HomeWeek } from '../../../lib/homeWeek';

/** 'not counted' for day 1, the guidelines' rule. */
export const NOT_COUNTED = 'Not counted (day 1)';

/** Day by day: the date, the morning's and the evening's readings, and whether the day counts. */
export function WeekDaysTable({ week }: { week: HomeWeek }): ReactElement {
  return (
    <div className="week-days-wrap">
      <table className="week-days">
        <caption className="visually-hidden">Blood pressure readings of each day of the week</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Date</th>
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
                  Day {d.day}
                  {today ? <span className="week-days-today-tag">today</span> : null}
                </th>
                <td className="cell-number">{formatDate(d.date)}</td>
                <td className="cell-number">{d.morning}</td>
                <td className="cell-number">{d.evening}</td>
                <td>{d.counted ? (d.morning + d.evening > 0 ? 'Counted' : 'No readings yet') : NOT_COUNTED}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
