import { DEFAULT_GUIDELINE, GUIDELINES } from '../../lib/readingRules';
import { Route } from 'react-router-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockResponse } from '../../testing/fetchMock';
import { renderWithProviders } from '../../testing/render';
import { DAY_MS, firstDayOfLastDaysAnywhere, toIsoDate, toIsoTime } from '../../lib/dates';
import type { Reading } from '../readings/api/readings';
import { served } from '../../testing/readings';
import { createThrottle, dayTicks, tickStepDays, timeWindow } from '../../components/chart/timeAxis';
import DashboardPage from './pages/DashboardPage';
import { CARDS_HOLD_MS } from './useCardsAnswered';
import { CHART_SPECS, CLINIC_ASIDE, CRISIS_MARK, chartNotes, chartSeries, readingsInRange, sugarDomain } from './chartPoints';

afterEach(() => {
  vi.unstubAllGlobals();
});

const NOW = new Date(2026, 10, 22, 12, 0).getTime();

function at(msAgo: number, extra: Partial<Reading> = {}, id = 1): Reading {
  const d = new Date(NOW - msAgo);
  return served({
    id,
    date: toIsoDate(d),
    time: toIsoTime(d),
    systolic: null,
    diastolic: null,
    heartRate: null,
    weight: null,
    bloodSugar: null,
    notes: null,
    ...extra,
  });
}

const units = { weightUnit: 'lbs', bloodSugarUnit: 'mg/dL' } as const;

describe('chart points', () => {
  it('keeps the readings of the last N calendar days, today included, ascending by date and time', () => {
    // NOW is 11/22 at noon: the last 7 days are 11/16 to 11/22.
    const on = (date: string, time: string, id: number): Reading => ({ ...at(0, { heartRate: 70 }, id), date, time });
    const readings = [
      on('2026-11-21', '12:00', 1),
      on('2026-11-14', '12:00', 2),
      on('2026-11-19', '12:00', 3),
      on('2026-11-22', '23:30', 4), // today, later than now: still one of today's readings
      on('2026-11-15', '23:59', 5), // 6.5 days ago, but the 8th calendar day
      on('2026-10-22', '08:00', 6),
      on('2026-11-16', '00:00', 7), // the first minute of the 7th day
      on('2026-11-23', '00:10', 8), // tomorrow: not in the last N days
    ];
    expect(readingsInRange(readings, 7, NOW).map((t) => t.reading.id)).toEqual([7, 3, 1, 4]);
    expect(readingsInRange(readings, 30, NOW).map((t) => t.reading.id)).toEqual([2, 5, 7, 3, 1, 4]);
    expect(readingsInRange(readings, 90, NOW).map((t) => t.reading.id)).toEqual([6, 2, 5, 7, 3, 1, 4]);
  });

  it('sorts readings of one day by time', () => {
    const a = { ...at(0, { heartRate: 60 }, 1), date: '2026-11-21', time: '21:00' };
    const b = { ...at(0, { heartRate: 61 }, 2), date: '2026-11-21', time: '07:00' };
    expect(chartSeries('hr', [a, b], 7, NOW, units)[0]!.points.map((p) => p.y)).toEqual([61, 60]);
  });

  it('draws a reading only when its own measure is present (BP needs both)', () => {
    const readings = [
      at(DAY_MS, { systolic: 120, diastolic: 80, heartRate: 60 }, 1),
      at(2 * DAY_MS, { systolic: 130 }, 2),
      at(3 * DAY_MS, { weight: 165.3456 }, 3),
      at(4 * DAY_MS, { bloodSugar: 100.89 }, 4),
    ];
    const bp = chartSeries('bp', readings, 7, NOW, units);
    expect(bp.map((s) => s.points.length)).toEqual([1, 1]);
    expect(bp[0]!.points[0]!.y).toBe(120);
    expect(chartSeries('hr', readings, 7, NOW, units)[0]!.points).toHaveLength(1);
    expect(chartSeries('weight', readings, 7, NOW, { weightUnit: 'kg', bloodSugarUnit: 'mmol/L' })[0]!.points[0]!.y).toBe(75);
    expect(chartSeries('sugar', readings, 7, NOW, { weightUnit: 'kg', bloodSugarUnit: 'mmol/L' })[0]!.points[0]!.y).toBe(5.6);
  });

  it('marks both points of a reading in the Hypertensive Crisis range (the category the server sent)', () => {
    const readings = [
      at(DAY_MS, { systolic: 210, diastolic: 125 }, 1),
      at(2 * DAY_MS, { systolic: 181, diastolic: 80 }, 2),
      at(3 * DAY_MS, { systolic: 180, diastolic: 120 }, 3),
    ];
    const [sys, dia] = chartSeries('bp', readings, 7, NOW, units);
    expect(sys!.points.map((p) => p.mark)).toEqual([undefined, CRISIS_MARK, CRISIS_MARK]);
    expect(dia!.points.map((p) => p.mark)).toEqual([undefined, CRISIS_MARK, CRISIS_MARK]);
    expect(CRISIS_MARK).toBe('Very high reading');
  });

  it('sets both points of a clinic reading apart, and says so behind the chart\'s (i) (issue 35)', () => {
    const readings = [
      at(DAY_MS, { systolic: 150, diastolic: 95, setting: 'office' }, 1),
      at(2 * DAY_MS, { systolic: 128, diastolic: 82 }, 2),
      at(3 * DAY_MS, { systolic: 210, diastolic: 125, setting: 'office' }, 3),
    ];
    const [sys, dia] = chartSeries('bp', readings, 7, NOW, units);
    for (const series of [sys!, dia!]) {
      expect(series.points.map((p) => p.aside)).toEqual([CLINIC_ASIDE, undefined, CLINIC_ASIDE]);
      expect(series.points.map((p) => p.mark)).toEqual([CRISIS_MARK, undefined, undefined]);
    }
    expect(CLINIC_ASIDE).toBe('Taken at the clinic');
    expect(chartNotes('bp', readings, 7, NOW, DEFAULT_GUIDELINE)).toContain(
      '2 readings taken at the clinic are drawn as a diamond ◆: clinic readings are kept out of your home average.',
    );
    expect(chartNotes('bp', [readings[1]!], 7, NOW, DEFAULT_GUIDELINE)).toEqual(['A point needs both numbers, systolic and diastolic.']);
  });

  it('says once, behind its (i), that a point needs both numbers and which readings of the range it leaves out, and what its marks mean', () => {
    const readings = [
      at(DAY_MS, { systolic: 130 }, 1),
      at(2 * DAY_MS, { diastolic: 85, heartRate: 60 }, 2),
      at(3 * DAY_MS, { systolic: 120, diastolic: 80 }, 3),
      at(20 * DAY_MS, { systolic: 140 }, 4),
    ];
    expect(chartNotes('bp', readings, 7, NOW, DEFAULT_GUIDELINE)).toEqual([
      'A point needs both numbers, systolic and diastolic. 2 readings of this range with only one are not drawn.',
    ]);
    expect(chartNotes('bp', readings, 30, NOW, DEFAULT_GUIDELINE)[0]).toBe(
      'A point needs both numbers, systolic and diastolic. 3 readings of this range with only one are not drawn.',
    );
    expect(chartNotes('bp', [readings[0]!], 7, NOW, DEFAULT_GUIDELINE)).toEqual([
      'A point needs both numbers, systolic and diastolic. 1 reading of this range with only one is not drawn.',
    ]);
    const crisis = chartNotes('bp', [at(DAY_MS, { systolic: 210, diastolic: 125 }, 5)], 7, NOW, DEFAULT_GUIDELINE);
    expect(crisis).toHaveLength(2);
    expect(crisis[1]).toMatch(/^1 reading in this range is very high \(above 180\/120\) \(ACC\/AHA 2025\), drawn as a red triangle ▲\./);
    // In ESH 2023 terms, 185/105 is very high (180/110 or higher: either number alone).
    const esh = GUIDELINES.find((g) => g.code === 'esh-2023')!;
    const eshNotes = chartNotes('bp', [{ ...at(DAY_MS, { systolic: 185, diastolic: 105 }, 7), severe: true }], 7, NOW, esh);
    expect(eshNotes[1]).toMatch(/^1 reading in this range is very high \(180\/110 or higher\) \(ESH 2023\)/);
    expect(crisis[1]).toContain('not a diagnosis');
    expect(chartNotes('bp', [at(DAY_MS, { systolic: 120, diastolic: 80 }, 6)], 7, NOW, DEFAULT_GUIDELINE)).toEqual(['A point needs both numbers, systolic and diastolic.']);
    // Other charts have nothing to explain: a reading without their measure is simply not theirs.
    expect(chartNotes('hr', readings, 7, NOW, DEFAULT_GUIDELINE)).toEqual([]);
  });

  it('shows values with the unit precision of units.ts and ticks with one precision per unit', () => {
    const spec = (kind: string) => CHART_SPECS.find((s) => s.kind === kind)!;
    const metric = { weightUnit: 'kg', bloodSugarUnit: 'mmol/L' } as const;
    expect(spec('weight').decimals(metric)).toBe(1);
    expect(spec('weight').tickDecimals(metric)).toBe(0);
    expect(spec('sugar').decimals(metric)).toBe(1);
    expect(spec('sugar').tickDecimals(metric)).toBe(1);
    expect(spec('sugar').tickDecimals(units)).toBe(0);
  });

  it('converts the blood sugar domain for mmol/L', () => {
    expect(sugarDomain('mg/dL')).toEqual({ min: 60, max: 200 });
    expect(sugarDomain('mmol/L')).toEqual({ min: 3.3, max: 11.1 });
  });

  it('puts x ticks on local midnights and throttles tooltips to about 60 a second', () => {
    const ticks = dayTicks(timeWindow(7, NOW).min, NOW, tickStepDays(7));
    expect(ticks).toHaveLength(7);
    expect(new Date(ticks[0]!).getHours()).toBe(0);
    expect(dayTicks(NOW - 90 * DAY_MS, NOW, tickStepDays(90))).toHaveLength(6);
    const allow = createThrottle(1000 / 60);
    const times = Array.from({ length: 1000 }, (_, i) => i); // one event per ms for a second
    expect(times.filter((t) => allow(t)).length).toBeLessThanOrEqual(61);
  });
});

const prefs: MockResponse = { body: { weightUnit: 'lbs', bloodSugarUnit: 'mg/dL', emailReminders: false, weeklyReports: false } };
const active: MockResponse = { body: { isActive: true, expiresAt: '2027-11-01T00:00:00Z' } };
const noWeek: MockResponse = { body: { week: null } };
const trendKey = `GET /api/readings?from=${firstDayOfLastDaysAnywhere(90)}`;

function recentReading(id: number, daysAgo: number, extra: Partial<Reading> = {}): Reading {
  const d = new Date(Date.now() - daysAgo * DAY_MS);
  return served({
    id,
    date: toIsoDate(d),
    time: '00:05',
    systolic: 125,
    diastolic: 85,
    heartRate: 64,
    weight: 170,
    bloodSugar: 95,
    notes: null,
    ...extra,
  });
}

function renderDashboard(): void {
  renderWithProviders(<DashboardPage />, {
    route: '/',
    path: '/',
    extraRoutes: <Route path="/vitals" element={<p>vitals page</p>} />,
  });
}

describe('Dashboard', () => {
  it('says so, with a retry, when the unit preferences could not be loaded (values in lbs and mg/dL)', async () => {
    const list = [recentReading(4, 0.1)];
    let answer: MockResponse = { status: 500, body: { message: 'Server error' } };
    mockFetch({
      'GET /api/user/preferences': () => answer,
      'GET /api/home-week': noWeek,
      'GET /api/user/subscription': active,
      'GET /api/readings?limit=3': { body: list },
      [trendKey]: { body: list },
    });
    renderDashboard();
    const warning = await screen.findByText('Your unit preferences could not be loaded; values are shown in lbs and mg/dL.');
    expect(await screen.findByRole('table')).toHaveTextContent('170.0 lbs');
    answer = prefs;
    await userEvent.setup().click(within(warning.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(/unit preferences could not be loaded/)).not.toBeInTheDocument());
  });

  it('shows the buttons, the latest 3 readings and the four charts', async () => {
    const list = [recentReading(4, 0.1), recentReading(3, 2, { heartRate: null }), recentReading(2, 20), recentReading(1, 60)];
    mockFetch({
      'GET /api/user/preferences': prefs,
      'GET /api/home-week': noWeek,
      'GET /api/user/subscription': active,
      'GET /api/readings?limit=3': { body: list.slice(0, 3) },
      [trendKey]: { body: list },
    });
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
    expect(screen.getByRole('link', { name: 'Record Vitals' })).toHaveAttribute('href', '/vitals');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/history');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getAllByText('12:05 AM')).toHaveLength(3);
    expect(within(table).getAllByText(/^\d{2}\/\d{2}\/\d{4}$/)).toHaveLength(3);
    expect(within(table).getAllByLabelText('Blood pressure category: Stage 1 (ACC/AHA 2025)')).toHaveLength(3);
    for (const title of ['Blood Pressure Trends', 'Heart Rate Trend', 'Weight Trend', 'Blood Sugar Trend']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    // Last 7 days by default: two readings, one without heart rate.
    const bp = await screen.findByRole('img', { name: /^Blood pressure, last 7 days: / }, { timeout: 5000 });
    expect(within(bp).getByText('2', { selector: '[data-series="Systolic"]' })).toBeInTheDocument();
    const hr = await screen.findByRole('img', { name: /^Heart rate, last 7 days: / });
    expect(within(hr).getByText('1')).toBeInTheDocument();
    const select = screen.getByLabelText('Heart Rate Trend time range');
    expect(select).toHaveValue('7');
    expect(within(select).getByText('Select time range')).toBeDisabled();
    fireEvent.change(select, { target: { value: '90' } });
    expect(within(screen.getByRole('img', { name: /^Heart rate, last 90 days: / })).getByText('3')).toBeInTheDocument();
    // The other cards keep their own range.
    expect(screen.getByRole('img', { name: /^Blood pressure, last 7 days: / })).toBeInTheDocument();
  });

  it('explains behind the BP card\'s (i) the readings it leaves out and its crisis marks; no paragraphs under the charts', async () => {
    const list = [
      recentReading(3, 0.1, { systolic: 210, diastolic: 125 }),
      recentReading(2, 1, { diastolic: null }),
      recentReading(1, 2, { systolic: null }),
    ];
    mockFetch({
      'GET /api/user/preferences': prefs,
      'GET /api/home-week': noWeek,
      'GET /api/user/subscription': active,
      'GET /api/readings?limit=3': { body: list },
      [trendKey]: { body: list },
    });
    renderDashboard();
    const bpCard = await screen.findByRole('region', { name: 'Blood Pressure Trends' });
    const bp = await within(bpCard).findByRole('img', { name: /^Blood pressure, last 7 days: / }, { timeout: 5000 });
    expect(within(bp).getByText('1', { selector: '[data-series="Systolic"]' })).toBeInTheDocument();
    const about = within(bpCard).getByText('About this chart').closest('details')!;
    expect(about).not.toHaveAttribute('open');
    expect(
      within(about).getByText('A point needs both numbers, systolic and diastolic. 2 readings of this range with only one are not drawn.'),
    ).toBeInTheDocument();
    expect(within(about).getByText(/^1 reading in this range is very high \(above 180\/120\) \(ACC\/AHA 2025\)/)).toBeInTheDocument();
    // Said once: the other cards have no (i) and nothing under their charts.
    const hrCard = screen.getByRole('region', { name: 'Heart Rate Trend' });
    expect(within(hrCard).queryByText('About this chart')).not.toBeInTheDocument();
    expect(within(hrCard).queryByText(/not drawn/)).not.toBeInTheDocument();
    // The range select's caption is gone; each card leads to the Trends page.
    expect(within(hrCard).getByLabelText('Heart Rate Trend time range')).not.toHaveAccessibleDescription();
    expect(within(hrCard).getByRole('link', { name: /^See trends/ })).toHaveAttribute('href', '/trends?measure=hr');
  });

  it('an empty BP chart still says, behind its (i), why readings with one value are not drawn', async () => {
    const list = [recentReading(1, 1, { diastolic: null })];
    mockFetch({
      'GET /api/user/preferences': prefs,
      'GET /api/home-week': noWeek,
      'GET /api/user/subscription': active,
      'GET /api/readings?limit=3': { body: list },
      [trendKey]: { body: list },
    });
    renderDashboard();
    const bpCard = await screen.findByRole('region', { name: 'Blood Pressure Trends' });
    expect(await within(bpCard).findByText('No blood pressure data available')).toBeInTheDocument();
    expect(
      within(bpCard).getByText('A point needs both numbers, systolic and diastolic. 1 reading of this range with only one is not drawn.'),
    ).toBeInTheDocument();
  });

  it('shows the empty texts', async () => {
    mockFetch({
      'GET /api/user/preferences': prefs,
      'GET /api/home-week': noWeek,
      'GET /api/user/subscription': { body: { isActive: false, expiresAt: null } },
      'GET /api/readings?limit=3': { body: [] },
      [trendKey]: { body: [] },
    });
    renderDashboard();
    expect(await screen.findByText('No readings available. Start by recording your vitals.')).toBeInTheDocument();
    for (const text of [
      'No blood pressure data available',
      'No heart rate data available',
      'No weight data available',
      'No blood sugar data available',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(await screen.findByText('Subscription Required')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/profile#profile-subscription');
  });

  it('shows the page skeleton while its answers come in, then, for those still out, the cards\' own', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    renderDashboard();
    expect(screen.getByText('Loading page…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).not.toBeInTheDocument();
    expect(await screen.findByText('Loading recent readings…', undefined, { timeout: CARDS_HOLD_MS + 2000 })).toBeInTheDocument();
    expect(screen.getByText('Loading Weight Trend…')).toBeInTheDocument();
    expect(screen.queryByText('Loading page…')).not.toBeInTheDocument();
  });

  it('edits and deletes from the table; a failed delete shows the server message', async () => {
    const list = [recentReading(4, 0.1)];
    const { calls } = mockFetch({
      'GET /api/user/preferences': prefs,
      'GET /api/home-week': noWeek,
      'GET /api/user/subscription': active,
      'GET /api/readings?limit=3': { body: list },
      [trendKey]: { body: list },
      'DELETE /api/readings/4': { status: 404, body: { message: 'Reading not found' } },
    });
    renderDashboard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Delete reading/ }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete this reading?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to Delete')).toBeInTheDocument();
    expect(screen.getByText('Reading not found')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: /^Edit reading/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/vitals?edit=4');
  });

  it('a delete that never got an answer uses the default text', async () => {
    const list = [recentReading(4, 0.1)];
    mockFetch({
      'GET /api/user/preferences': prefs,
      'GET /api/home-week': noWeek,
      'GET /api/user/subscription': active,
      'GET /api/readings?limit=3': { body: list },
      [trendKey]: { body: list },
      'DELETE /api/readings/4': new TypeError('Failed to fetch'),
    });
    renderDashboard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Delete reading/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('An error occurred while deleting the reading.')).toBeInTheDocument();
  });
});
