import { Route } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import rules from '../../../../crates/readings/rules.json';
import { HOME_WEEK_RULES } from '../../lib/readingRules';
import { finishedWeek, homeWeek } from '../../testing/homeWeek';
import { mockFetch, networkDown } from '../../testing/fetchMock';
import { renderWithProviders } from '../../testing/render';
import { HomeWeekCard } from './components/HomeWeekCard';

afterEach(() => {
  vi.unstubAllGlobals();
});

const level = rules.guidelines[0]!.home.levels[3]!;

function renderCard(): HTMLElement {
  renderWithProviders(<HomeWeekCard />, { extraRoutes: <Route path="/profile" element={<p>profile page</p>} /> });
  return screen.getByRole('region', { name: 'Home monitoring week' });
}

/** The slot cell of a day ('Morning' or 'Evening' row, day 1..7). */
function slot(card: HTMLElement, period: 'Morning' | 'Evening', day: number): HTMLElement {
  const row = within(card).getByRole('row', { name: new RegExp(`^${period}`) });
  return within(row).getAllByRole('cell')[day - 1]!;
}

describe('Home monitoring week card', () => {
  it('shows a skeleton while it loads, then explains a failure', async () => {
    let fail: (error: Error) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((_, reject) => (fail = reject))));
    const card = renderCard();
    expect(within(card).getByRole('status')).toHaveTextContent('Loading your home monitoring week…');
    fail(networkDown());
    expect(await within(card).findByText('Your home monitoring week could not be loaded')).toBeInTheDocument();
    expect(within(card).queryByRole('status')).not.toBeInTheDocument();
  });

  it('without a week: a line and a start, what a week is behind "Why?"; starts one, with a toast', async () => {
    const started = homeWeek([], { today: 1 });
    const { calls } = mockFetch({
      'GET /api/home-week': { body: { week: null } },
      'POST /api/home-week': { status: 201, body: started },
    });
    const card = renderCard();
    expect(await within(card).findByText('Measure morning and evening for 7 days for a home average.')).toBeInTheDocument();
    const intro = within(card).getByText(/judge home blood pressure over a week/);
    expect(intro.closest('details')).not.toHaveAttribute('open');
    expect(intro.closest('details')).toHaveTextContent(/^Why\?/);
    expect(intro).toHaveTextContent(`for ${HOME_WEEK_RULES.days} days, take 2 readings each morning and 2 each evening`);
    expect(intro).toHaveTextContent('Day 1 is left out');
    expect(intro).toHaveTextContent('ESH 2023, AHA 2020, ACC/AHA 2025');
    expect(intro).toHaveTextContent(`at least ${HOME_WEEK_RULES.minReadings} readings on ${HOME_WEEK_RULES.minDays} more days`);
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Start a home monitoring week' }));
    expect(await screen.findByText('Home monitoring week started')).toBeInTheDocument();
    expect(screen.getByText('Day 1 is 11/18/2026; the week ends on 11/24/2026.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ body: {} })]);
    // The week the server answered takes the intro's place, without another GET.
    expect(await within(card).findByText(/^Day 1 of 7/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
  });

  it('without a subscription: the start is refused with the Subscription Required toast', async () => {
    mockFetch({
      'GET /api/home-week': { body: { week: null } },
      'POST /api/home-week': { status: 403, body: { code: 'subscription_required', message: 'Subscription Required' } },
    });
    const card = renderCard();
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Start a home monitoring week' }));
    expect(await screen.findByText('Subscription Required')).toBeInTheDocument();
    expect(screen.getByText('Starting a home monitoring week needs an active subscription (5 USD per year).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
    expect(within(card).getByRole('button', { name: 'Start a home monitoring week' })).toBeEnabled();
  });

  it('in progress: the slots done, day 1 not counted, today, the counted days and no average yet', async () => {
    mockFetch({ 'GET /api/home-week': { body: { week: homeWeek([[2, 2], [2, 0], [0, 0]]) } } });
    const card = renderCard();
    expect(await within(card).findByText('Day 3 of 7 · 11/18/2026 to 11/24/2026')).toBeInTheDocument();
    expect(
      within(card).getByText(
        '2 of the 12 readings needed, on 1 of 3 days (day 2 on): 10 more readings and 2 more days needed for an average',
      ),
    ).toBeInTheDocument();
    expect(slot(card, 'Morning', 1)).toHaveTextContent('2 readings');
    expect(slot(card, 'Morning', 1)).toHaveClass('week-slot-done', 'week-slot-uncounted');
    expect(slot(card, 'Morning', 2)).toHaveClass('week-slot-done');
    expect(slot(card, 'Evening', 2)).toHaveTextContent('no readings');
    expect(slot(card, 'Evening', 2)).not.toHaveClass('week-slot-done');
    expect(slot(card, 'Evening', 3)).toHaveClass('week-slot-ahead');
    const headers = within(card).getAllByRole('columnheader');
    expect(headers).toHaveLength(7);
    // Compact: the day's number shows; its date and "not counted" are said to screen readers.
    expect(headers[0]).toHaveTextContent('Day 111/18not counted');
    expect(headers[1]).not.toHaveTextContent('not counted');
    expect(headers[2]).toHaveAttribute('aria-current', 'date');
    expect(headers[2]).toHaveTextContent('Day 311/20, today');
    expect(within(card).queryByText('Your home average')).not.toBeInTheDocument();
    expect(within(card).queryByText(HOME_WEEK_RULES.note)).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'See the whole week' })).toHaveAttribute('href', '/home-week');
    // No average yet: what a week is, behind "Why?" (the only control besides the link).
    expect(within(card).getByText('Why?')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('recognised from readings: says so, and starts that week on its own day 1', async () => {
    const week = homeWeek([[1, 0], [1, 1]], { origin: 'recognised' });
    const calls = mockFetch({
      'GET /api/home-week': { body: { week } },
      'POST /api/home-week': { status: 201, body: { ...week, origin: 'started' } },
    }).calls;
    const card = renderCard();
    expect(await within(card).findByText('Found from your readings:')).toBeInTheDocument();
    expect(within(card).getByText(/a week that began on 11\/18\/2026/)).toBeInTheDocument();
    expect(slot(card, 'Evening', 2)).toHaveClass('week-slot-done');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Start this week' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ startDate: week.startDate });
  });

  it('complete: the average with its count and level; the level in the guidelines words, the source and the note behind "Why?"', async () => {
    const week = finishedWeek({ code: level.code, label: level.label, text: level.text });
    mockFetch({ 'GET /api/home-week': { body: { week } } });
    const card = renderCard();
    expect(await within(card).findByText('Finished · 11/18/2026 to 11/24/2026')).toBeInTheDocument();
    expect(within(card).getByText('22 readings on 6 days counted (day 2 on)')).toBeInTheDocument();
    expect(within(card).getByText('Your home average, days 2 to 7')).toBeInTheDocument();
    expect(within(card).getByText('137/86')).toHaveTextContent('137/86 mmHg');
    expect(within(card).getByText('average of 22 readings')).toBeInTheDocument();
    expect(within(card).getByText(level.label)).toBeInTheDocument();
    const why = within(card).getByText(level.text).closest('details')!;
    expect(why).not.toHaveAttribute('open');
    expect(within(why).getByText(`Source: ${rules.homeWeek.source}`)).toBeInTheDocument();
    expect(within(why).getByText(rules.homeWeek.note)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Start a new week' })).toBeInTheDocument();
  });
});
