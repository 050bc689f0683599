import { Route } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHART_SPECS } from '../../components/chart/measureCharts';
import { DAY_MS, firstDayOfLastDays, isoDateDaysAgo, toIsoDate } from '../../lib/dates';
import { mockFetch } from '../../testing/fetchMock';
import { renderWithProviders } from '../../testing/render';
import type { DailyRow } from './api/dailyApi';
import { bpRanges, dayValues, dayX, describeDaily, smoothed } from './dailySeries';
import TrendsPage from './pages/TrendsPage';
import { MAX_SPAN_DAYS, spanWindow } from './spans';

afterEach(() => {
  vi.unstubAllGlobals();
});

const units = { weightUnit: 'lbs', bloodSugarUnit: 'mg/dL' } as const;

function row(date: string, extra: Partial<DailyRow> = {}): DailyRow {
  return {
    date,
    count: 2,
    bpCount: 2,
    systolic: { min: 128, max: 140, mean: 134 },
    diastolic: { min: 80, max: 88, mean: 84.5 },
    heartRate: 70.4,
    weight: 170.26,
    bloodSugar: 101,
    ...extra,
  };
}

describe('Trends: what is drawn', () => {
  it('draws a blood pressure day as its lowest to highest systolic and diastolic, at its noon', () => {
    const [day] = bpRanges([row('2026-11-20'), row('2026-11-21', { systolic: null, diastolic: null, bpCount: 0 })]);
    expect(bpRanges([row('2026-11-21', { systolic: null, diastolic: null })])).toEqual([]);
    expect(day).toEqual({
      x: new Date(2026, 10, 20, 12).getTime(),
      systolic: [128, 140],
      diastolic: [80, 88],
      mean: { systolic: 134, diastolic: 84.5 },
      count: 2,
    });
  });

  it("gives each day's mean in the person's units", () => {
    expect(dayValues('weight', [row('2026-11-20')], { weightUnit: 'kg', bloodSugarUnit: 'mmol/L' })[0]?.y).toBe(77.2);
    expect(dayValues('sugar', [row('2026-11-20')], { weightUnit: 'kg', bloodSugarUnit: 'mmol/L' })[0]?.y).toBe(5.6);
    expect(dayValues('hr', [row('2026-11-20'), row('2026-11-21', { heartRate: null })], units)).toHaveLength(1);
  });

  it("smooths weight as the mean of the days' weights within the 7 days up to each day", () => {
    const points = [170, 171, 172, 173, 174, 175, 176, 177].map((y, i) => ({ x: dayX(`2026-11-${String(10 + i)}`), y }));
    const line = smoothed(points, 1);
    expect(line[0]?.y).toBe(170);
    expect(line[1]?.y).toBe(170.5);
    // Day 8: days 2 to 8 (171..177); day 1 has left the window.
    expect(line[7]?.y).toBe(174);
    // A gap is not filled in: a lone day after a fortnight is its own average.
    expect(smoothed([points[0]!, { x: points[0]!.x + 14 * DAY_MS, y: 160 }], 1)[1]?.y).toBe(160);
  });

  it('"All" starts at the first day with a reading; the others at their first calendar day', () => {
    const now = new Date(2026, 10, 28, 9);
    expect(spanWindow(MAX_SPAN_DAYS, now, '2024-11-29').min).toBe(new Date(2024, 10, 29).getTime());
    expect(spanWindow(7, now, '2024-11-29').min).toBe(new Date(2026, 10, 22).getTime());
    expect(spanWindow(7, now, undefined).max).toBe(new Date(2026, 10, 29).getTime());
  });

  it('names the chart with its latest day, range and direction', () => {
    const bp = CHART_SPECS.find((s) => s.kind === 'bp')!;
    const rows = [1, 2, 3, 4, 5, 6].map((d) =>
      row(`2026-11-0${d}`, d > 3 ? { systolic: { min: 140, max: 146, mean: 143 }, diastolic: { min: 88, max: 92, mean: 90 } } : {}),
    );
    const window = { min: new Date(2026, 10, 1).getTime(), max: new Date(2026, 10, 7).getTime() };
    expect(describeDaily(bp, 'last 7 days', window, units, { ranges: bpRanges(rows), points: [] })).toBe(
      'Blood pressure, last 7 days: latest 143/90 mmHg, range 128–146 systolic, rising',
    );
  });
});

describe('Trends page', () => {
  it('asks the server for the span\'s days, changes span with the segments, and shows each measure', async () => {
    const now = new Date();
    const today = toIsoDate(now);
    const { calls } = mockFetch({
      [`GET /api/readings/daily?from=${firstDayOfLastDays(30)}&to=${today}`]: { body: [row(isoDateDaysAgo(1)), row(today)] },
      [`GET /api/readings/daily?from=${firstDayOfLastDays(MAX_SPAN_DAYS)}&to=${today}`]: { body: [] },
      'GET /api/user/preferences': { body: { weightUnit: 'lbs', bloodSugarUnit: 'mg/dL', emailReminders: false, weeklyReports: false } },
      'GET /api/medications': { body: { medications: [], events: [] } },
    });
    renderWithProviders(<TrendsPage />, { route: '/trends', path: '/trends', extraRoutes: <Route path="/vitals" element={<p />} /> });
    expect(screen.getByRole('heading', { level: 1, name: 'Trends' })).toBeInTheDocument();
    const spans = screen.getByRole('radiogroup', { name: 'Span of the charts' });
    expect(within(spans).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Week', 'Month', '3 months', 'Year', 'All']);
    expect(within(spans).getByRole('radio', { name: 'Month' })).toBeChecked();
    expect(await screen.findByText(/2 days with readings$/)).toBeInTheDocument();
    for (const name of ['Blood pressure', 'Heart rate', 'Weight', 'Blood sugar']) {
      expect(screen.getByRole('heading', { level: 2, name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    const bp = await screen.findByRole('img', { name: /^Blood pressure, last 30 days: latest 134\/85 mmHg/ }, { timeout: 5000 });
    expect(within(bp).getByText('2', { selector: '[data-series="Systolic"]' })).toBeInTheDocument();
    const weight = await screen.findByRole('img', { name: /^Weight, last 30 days: latest 170\.3 lbs/ });
    expect(within(weight).getByText('2', { selector: '[data-series="7-day average"]' })).toBeInTheDocument();

    await userEvent.setup().click(within(spans).getByRole('radio', { name: 'All' }));
    expect(await screen.findByText('No readings yet. Record one, or bring your history from another app.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bring your history from another app' })).toHaveAttribute('href', '/profile#profile-data');
    expect(screen.getByTestId('location')).toHaveTextContent('span=all');
    await waitFor(() => expect(screen.getAllByText('No blood pressure readings in this span').length).toBe(1));
    expect(calls.filter((c) => c.url.includes('/daily?'))).toHaveLength(2);
  });
});
