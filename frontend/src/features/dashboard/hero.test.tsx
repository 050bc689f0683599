import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GUIDELINE } from '../../lib/readingRules';
import { isoDateDaysAgo } from '../../lib/dates';
import type { Reading } from '../readings/api/readings';
import { served } from '../../testing/readings';
import { renderWithProviders } from '../../testing/render';
import { bpSummary, directionText } from './bpSummary';
import { BpHero, IMPORT_LINK, IMPORT_PATH } from './components/BpHero';
import { CHART_SPECS, chartDescription, chartSeries } from './chartPoints';

const NOW = new Date(2026, 10, 28, 12, 0);
let id = 0;

function bp(daysAgo: number, systolic: number, diastolic: number, extra: Partial<Reading> = {}): Reading {
  id += 1;
  return served({
    id,
    date: isoDateDaysAgo(daysAgo, NOW),
    time: '20:15',
    systolic,
    diastolic,
    heartRate: null,
    weight: null,
    bloodSugar: null,
    notes: null,
    ...extra,
  });
}

/** A reading on each of the days `from` to `to` days ago. */
const days = (from: number, to: number, systolic: number, diastolic: number): Reading[] =>
  Array.from({ length: from - to + 1 }, (_, i) => bp(from - i, systolic, diastolic));

describe('the dashboard hero: 7-day average and direction', () => {
  it('averages the home readings of the last 7 calendar days, unrounded, leaving clinic readings out', () => {
    const readings = [bp(0, 131, 84), bp(6, 132, 85), bp(7, 200, 120), bp(1, 180, 110, { setting: 'office' })];
    const { average } = bpSummary(readings, NOW);
    expect(average).toEqual({ systolic: 131.5, diastolic: 84.5, count: 2, days: 2 });
  });

  it('says higher, lower or about the same, by the days\' median, within 5/3 mmHg', () => {
    const before = days(13, 7, 130, 80);
    expect(directionText(bpSummary([...before, ...days(6, 0, 137, 80)], NOW).direction)).toBe('Higher than the 7 days before');
    expect(directionText(bpSummary([...before, ...days(6, 0, 130, 76)], NOW).direction)).toBe('Lower than the 7 days before');
    expect(directionText(bpSummary([...before, ...days(6, 0, 134, 82)], NOW).direction)).toBe('About the same as the 7 days before');
    expect(directionText(bpSummary([...before, ...days(6, 0, 136, 76)], NOW).direction)).toBe(
      'Systolic higher, diastolic lower than the 7 days before',
    );
  });

  it('is not turned by one very high reading on a flat week (issue 36)', () => {
    const flat = [...days(13, 7, 130, 80), ...days(6, 0, 130, 80)];
    const { average, direction } = bpSummary([...flat, bp(0, 212, 126)], NOW);
    expect(directionText(direction)).toBe('About the same as the 7 days before');
    // The average itself does include it: it is what was measured.
    expect(average?.count).toBe(8);
  });

  it('says what is missing instead of a direction from too few days', () => {
    const readings = [...days(13, 12, 130, 80), ...days(2, 0, 150, 95)];
    expect(directionText(bpSummary(readings, NOW).direction)).toBe(
      'No direction yet: it needs readings on 3 days of each week (this week 3 days, the week before 2 days).',
    );
  });

  it('shows the latest in large type coloured by its category, the average in whole mmHg and a 12-hour time', () => {
    const readings = [bp(0, 131, 84), bp(1, 132, 85)];
    renderWithProviders(<BpHero latest={readings[0]} readings={readings} now={NOW.getTime()} guideline={DEFAULT_GUIDELINE} />);
    const hero = screen.getByRole('region', { name: 'Blood pressure' });
    const latest = hero.querySelector('.bp-hero-latest')!;
    expect(latest).toHaveTextContent('131/84 mmHg');
    expect(latest).toHaveClass('bp-badge-tone-2');
    expect(latest).toHaveTextContent('Stage 1 · ACC/AHA 2025');
    expect(hero).toHaveTextContent('Today, 8:15 PM');
    // 131.5/84.5 rounded once, half away from zero.
    expect(within(hero).getByText('132/85')).toBeInTheDocument();
    expect(hero).toHaveTextContent('7-day average132/85 mmHg · 2 readings');
    expect(within(hero).getByText('How these are worked out').closest('details')).not.toHaveAttribute('open');
  });

  it('without a blood pressure, leads to importing one\'s history from another app', () => {
    renderWithProviders(<BpHero latest={undefined} readings={[]} now={NOW.getTime()} guideline={DEFAULT_GUIDELINE} />);
    expect(screen.getByText('No blood pressure readings yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: IMPORT_LINK })).toHaveAttribute('href', IMPORT_PATH);
    expect(IMPORT_LINK).toBe('Bring your history from another app');
  });
});

describe("the dashboard charts' accessible names", () => {
  it('carry the latest value, the range and the direction', () => {
    const spec = CHART_SPECS.find((s) => s.kind === 'bp')!;
    const readings = [...days(29, 16, 120, 78), ...days(14, 1, 132, 84), bp(0, 146, 90)];
    const units = { weightUnit: 'lbs', bloodSugarUnit: 'mg/dL' } as const;
    const series = chartSeries('bp', readings, 30, NOW.getTime(), units);
    expect(chartDescription(spec, series, 30, NOW.getTime(), units)).toBe(
      'Blood pressure, last 30 days: latest 146/90 mmHg, range 120–146 systolic, rising',
    );
  });
});
