import type { ReactElement } from 'react';
import type { HomeWeek, HomeWeekAverage } from '../api/homeWeek';
import { HOME_WEEK_RULES } from '../../../lib/readingRules';
import './homeWeek.css';

/** 'of 1 reading' / 'of 14 readings'. */
export const readingsCount = (count: number): string => `${count} ${count === 1 ? 'reading' : 'readings'}`;

/** An average as '132/84 mmHg', its count beside it. */
export function AverageValue({ average, label }: { average: HomeWeekAverage; label: string }): ReactElement {
  return (
    <p className="week-average">
      <span className="week-average-label">{label}</span>
      <span className="week-average-value">
        {average.systolic}/{average.diastolic}
        <span className="week-average-unit"> mmHg</span>
      </span>
      <span className="week-average-count">average of {readingsCount(average.count)}</span>
    </p>
  );
}

/**
 * The week's result: the average of days 2 to 7 with its count, the level the server chose
 * (label and text from rules.json) and, with every result, its source and the note that it
 * is not a diagnosis. Null until the week has an average.
 */
export function WeekResult({ week, headingLevel = 3 }: { week: HomeWeek; headingLevel?: 2 | 3 }): ReactElement | null {
  const { average, level, compared } = week;
  if (!average) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="week-result">
      <Heading className="week-result-title">Your home average</Heading>
      <AverageValue average={average} label="Days 2 to 7" />
      {compared ? (
        <p className="week-compared">
          Compared with the thresholds unrounded: {compared.systolic.toFixed(1)}/{compared.diastolic.toFixed(1)} mmHg
        </p>
      ) : null}
      {level ? (
        <div className="week-level">
          <p className="week-level-label">{level.label}</p>
          <p className="week-level-text">{level.text}</p>
        </div>
      ) : null}
      <p className="week-source">Source: {HOME_WEEK_RULES.source}</p>
      <p className="week-note">{HOME_WEEK_RULES.note}</p>
    </div>
  );
}
