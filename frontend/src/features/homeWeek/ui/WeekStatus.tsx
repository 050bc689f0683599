import type { ReactElement } from 'react';
import { formatDate } from '../../../lib/dates';
import type { HomeWeek } from '../api/homeWeek';
import { HOME_WEEK_RULES } from '../../../lib/readingRules';
import './homeWeek.css';

/** 'Day 3 of 7' while the week runs, 'Finished' after it; with its dates. */
export function weekWhen(week: HomeWeek): string {
  const dates = `${formatDate(week.startDate)} to ${formatDate(week.endDate)}`;
  return week.today !== null && !week.complete ? `Day ${week.today} of ${HOME_WEEK_RULES.days} · ${dates}` : `Finished · ${dates}`;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * How far the week is towards an average (the AHA's minimum: 3 days and 12 readings from
 * day 2 on): '5 of the 12 readings needed, on 2 of 3 days (day 2 on): 7 more readings and 1
 * more day needed for an average'; once given, '22 readings on 6 days counted (day 2 on)'.
 */
export function countedText(week: HomeWeek): string {
  const readings = (n: number): string => plural(n, 'reading', 'readings');
  const days = (n: number): string => plural(n, 'day', 'days');
  if (week.average) return `${readings(week.countedReadings)} on ${days(week.countedDays)} counted (day 2 on)`;
  const moreReadings = Math.max(week.minReadings - week.countedReadings, 0);
  const moreDays = Math.max(week.minDays - week.countedDays, 0);
  const needed = [
    moreReadings > 0 ? `${moreReadings} more ${moreReadings === 1 ? 'reading' : 'readings'}` : null,
    moreDays > 0 ? `${moreDays} more ${moreDays === 1 ? 'day' : 'days'}` : null,
  ].filter((part): part is string => part !== null);
  return (
    `${week.countedReadings} of the ${week.minReadings} readings needed, on ${week.countedDays} of ${week.minDays} days (day 2 on)` +
    (needed.length > 0 ? `: ${needed.join(' and ')} needed for an average` : '')
  );
}

/** The week's progress in words: when it is and how many days count so far. */
export function WeekStatus({ week }: { week: HomeWeek }): ReactElement {
  return (
    <div className="week-status">
      <p className="week-when">{weekWhen(week)}</p>
      <p className="week-counted">{countedText(week)}</p>
    </div>
  );
}
