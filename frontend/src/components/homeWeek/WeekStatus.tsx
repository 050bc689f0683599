import type { ReactElement } from 'react';
import { formatDate } from '../../lib/dates';
import type { HomeWeek } from '../../lib/homeWeek';
import { HOME_WEEK_RULES } from '../../lib/readingRules';
import './homeWeek.css';

/** 'Day 3 of 7' while the week runs, 'Finished' after it; with its dates. */
export function weekWhen(week: HomeWeek): string {
  const dates = `${formatDate(week.startDate)} to ${formatDate(week.endDate)}`;
  return week.today !== null && !week.complete ? `Day ${week.today} of ${HOME_WEEK_RULES.days} · ${dates}` : `Finished · ${dates}`;
}

/** How far the counted days are: '2 of the 3 days needed for an average' until it is given. */
export function countedText(week: HomeWeek): string {
  const days = (n: number): string => `${n} ${n === 1 ? 'day' : 'days'}`;
  if (week.average) return `${days(week.countedDays)} counted (day 2 on)`;
  return `${week.countedDays} of the ${days(week.minDays)} needed for an average counted (day 2 on)`;
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
