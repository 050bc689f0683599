import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import rules from '../../../../crates/readings/rules.json';
import type { HomeWeek } from './api/homeWeek';
import { mockFetch, type MockResponse } from '../../testing/fetchMock';
import { finishedWeek, homeWeek } from '../../testing/homeWeek';
import { renderWithProviders } from '../../testing/render';
import HomeWeekPage from './pages/HomeWeekPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const level = rules.guidelines[0]!.home.levels[2]!;
const answer = (week: HomeWeek | null): MockResponse => ({ body: { week } });

function renderPage(): void {
  renderWithProviders(<HomeWeekPage />, { route: '/home-week' });
}

describe('Home monitoring week page', () => {
  it('shows each day: date, morning and evening readings, and whether it counts', async () => {
    mockFetch({ 'GET /api/home-week': answer(homeWeek([[2, 1], [2, 2], [0, 0], [0, 3]], { today: 5 })) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Home monitoring week' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Blood pressure readings of each day of the week' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(rows[0]).toHaveTextContent('DayMorningEveningIn the average');
    expect(rows[1]).toHaveTextContent('Day 111/18/202621Not counted');
    expect(rows[2]).toHaveTextContent('Day 211/19/202622Counted');
    expect(rows[3]).toHaveTextContent('Day 311/20/202600No readings');
    expect(rows[4]).toHaveTextContent('Day 411/21/202603Counted');
    expect(rows[5]).toHaveTextContent('Day 5today11/22/202600Not yet');
    expect(rows[5]).toHaveAttribute('aria-current', 'date');
    expect(rows[6]).toHaveTextContent('Day 611/23/202600Not yet');
    expect(
      screen.getByText(
        '7 of the 12 readings needed, on 2 of 3 days (day 2 on): 5 more readings and 1 more day needed for an average',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your home average')).not.toBeInTheDocument();
  });

  it('three days of one reading each: no average, and the 9 readings still needed (the AHA minimum of 12)', async () => {
    mockFetch({ 'GET /api/home-week': answer(homeWeek([[0, 0], [1, 0], [1, 0], [0, 1]], { today: 5 })) });
    renderPage();
    expect(
      await screen.findByText('3 of the 12 readings needed, on 3 of 3 days (day 2 on): 9 more readings needed for an average'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your home average')).not.toBeInTheDocument();
  });

  it('shows the unrounded mean the level was chosen from: 134.5/84.5 is below 135/85 though shown as 135/85', async () => {
    const below = rules.guidelines[0]!.home.levels[2]!;
    const week = {
      ...finishedWeek({ code: below.code, label: below.label, text: below.text }),
      average: { systolic: 135, diastolic: 85, count: 22 },
      compared: { systolic: 134.5, diastolic: 84.5 },
    };
    mockFetch({ 'GET /api/home-week': answer(week) });
    renderPage();
    expect(await screen.findByText('Compared with the thresholds unrounded: 134.5/84.5 mmHg')).toBeInTheDocument();
    expect(screen.getByText('130/80 or higher')).toBeInTheDocument();
  });

  it('shows the average, the morning and evening averages with counts, the level, source and note', async () => {
    mockFetch({ 'GET /api/home-week': answer(finishedWeek({ code: level.code, label: level.label, text: level.text })) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your home average' })).toBeInTheDocument();
    const values = screen.getAllByText(/^\d+\/\d+$/).map((el) => el.closest('.week-average')?.textContent);
    expect(values).toEqual([
      'Days 2 to 7137/86 mmHgaverage of 22 readings',
      'Mornings139/87 mmHgaverage of 12 readings',
      'Evenings134/85 mmHgaverage of 10 readings',
    ]);
    expect(screen.getByText(level.text)).toBeInTheDocument();
    expect(screen.getByText(`Source: ${rules.homeWeek.source}`)).toBeInTheDocument();
    expect(screen.getByText(rules.homeWeek.note)).toBeInTheDocument();
    // A finished week cannot be stopped; a new one can be started.
    expect(screen.queryByRole('button', { name: 'Stop this week' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start a new week' })).toBeInTheDocument();
  });

  it('puts clinic and home side by side: the pattern first, both averages with counts, dates and thresholds', async () => {
    const week = finishedWeek({ code: level.code, label: level.label, text: level.text });
    const pattern = {
      code: 'white-coat-hypertension',
      label: 'White-coat hypertension',
      text: 'In the ESH 2023 guideline\'s terms, your clinic average is at or above its threshold while your home average is below its own: the pattern it calls "white-coat hypertension". This is information to discuss with your doctor, not a diagnosis.',
      treated: false,
      guideline: 'esh-2023',
      guidelineName: 'ESH 2023',
      source: '2023 ESH guidelines: office hypertension from 140/90, home from 135/85',
      clinic: { systolic: 150, diastolic: 95, count: 2, from: '2026-10-20', to: '2026-10-27', threshold: '140/90' },
      home: { systolic: 132.6, diastolic: 78, count: 22, from: '2026-11-18', to: '2026-11-24', threshold: '135/85' },
    };
    mockFetch({ 'GET /api/home-week': { body: { week, pattern } } });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Clinic and home' });
    expect(within(section).getByText('White-coat hypertension')).toBeInTheDocument();
    const sides = within(section).getAllByRole('definition').map((d) => d.textContent);
    expect(sides).toEqual([
      '150/95 mmHg2 readings, 10/20/2026 to 10/27/2026; high from 140/90',
      '133/78 mmHg22 readings, 11/18/2026 to 11/24/2026; high from 135/85',
    ]);
    expect(within(section).getByText(/not a diagnosis\.$/)).toBeInTheDocument();
    expect(within(section).getByText('Where this comes from')).toBeInTheDocument();
  });

  it('states no pattern when the server has none', async () => {
    mockFetch({ 'GET /api/home-week': { body: { week: finishedWeek(null), pattern: null } } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your home average' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Clinic and home' })).not.toBeInTheDocument();
  });

  it('stops a running week after confirming, then shows what the server says now', async () => {
    let week: HomeWeek | null = homeWeek([[2, 2], [2, 2]]);
    const { calls } = mockFetch({
      'GET /api/home-week': () => answer(week),
      'DELETE /api/home-week': () => {
        week = null;
        return { status: 204 };
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Stop this week' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Stop this home monitoring week?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Stop this week' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Stop the week' }));
    expect(await screen.findByText('Home monitoring week stopped')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Start a home monitoring week' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says so when the week had already ended (404)', async () => {
    mockFetch({
      'GET /api/home-week': answer(homeWeek([[2, 2]])),
      'DELETE /api/home-week': { status: 404, body: { message: 'Not Found' } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Stop this week' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Stop the week' }));
    expect(await screen.findByText('The week could not be stopped')).toBeInTheDocument();
    expect(screen.getByText('This week is no longer running.')).toBeInTheDocument();
  });

  it('starts a new week after a finished one; the new week replaces it', async () => {
    const { calls } = mockFetch({
      'GET /api/home-week': answer(finishedWeek(null)),
      'POST /api/home-week': { status: 201, body: homeWeek([], { startDate: '2026-11-25', endDate: '2026-12-01', today: 1 }) },
    });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Start a new week' }));
    expect(await screen.findByText('Day 1 is 11/25/2026; the week ends on 12/01/2026.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Stop this week' })).toBeInTheDocument();
  });

  it('a recognised week offers one start and no stop', async () => {
    mockFetch({ 'GET /api/home-week': answer(homeWeek([[1, 1]], { origin: 'recognised' })) });
    renderPage();
    expect(await screen.findByText('Found from your readings')).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Start this week' })).toBeInTheDocument();
  });

  it('without a week: what one is, and a start', async () => {
    mockFetch({ 'GET /api/home-week': answer(null) });
    renderPage();
    expect(await screen.findByText(/judge home blood pressure over a week/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start a home monitoring week' })).toBeInTheDocument();
  });

  it('explains a failed load', async () => {
    mockFetch({ 'GET /api/home-week': { status: 500, body: { message: 'Server error' } } });
    renderPage();
    expect(await screen.findByText('Your home monitoring week could not be loaded')).toBeInTheDocument();
  });
});
