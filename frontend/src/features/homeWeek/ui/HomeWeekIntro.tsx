import type { ReactElement } from 'react';
import { GUIDED, HOME_WEEK_RULES } from '../../../lib/readingRules';
import './homeWeek.css';

/** What a home monitoring week is, in two sentences (numbers from rules.json). */
export function HomeWeekIntro(): ReactElement {
  return (
    <p className="week-intro">
      The guidelines (ESH 2023, AHA 2020, ACC/AHA 2025) judge home blood pressure over a week: for {HOME_WEEK_RULES.days}{' '}
      days, take {GUIDED.minReadings} readings each morning and {GUIDED.minReadings} each evening. Day 1 is left out; once{' '}
      at least {HOME_WEEK_RULES.minReadings} readings on {HOME_WEEK_RULES.minDays} more days are in, Vitalog shows your
      average beside the guideline's home values.
    </p>
  );
}
