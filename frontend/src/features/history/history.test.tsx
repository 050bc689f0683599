import { Route } from 'react-router-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { firstDayOfLastDays } from '../../lib/dates';
import type { SessionDto } from '../../lib/apiTypes';
import type { Reading } from '../readings/api/readings';
import { threeReadingSession } from '../../testing/homeWeek';
import { served } from '../../testing/readings';
import HistoryPage from './pages/HistoryPage';
import { pageWindow, showingText } from '../../components/pagination/pages';
import { serverSearchText } from './pagination';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/**
 * A fixed clock, 2026-11-20 at noon (far from midnight), that still ticks for the page's
 * timers: the page and the assertions see the same day, whenever the tests run.
 */
function fixClock(): void {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 10, 20, 12, 0, 0));
}

function reading(id: number, extra: Partial<Reading> = {}): Reading {
  return served({
    id,
    date: '2026-11-20',
    time: '07:45',
    systolic: 128,
    diastolic: 84,
    heartRate: 66,
    weight: 165.3456,
    bloodSugar: null,
    notes: null,
    ...extra,
  });
}

interface Server {
  lists: URL[];
  deletes: string[];
}

/** A fake readings API: `total` readings, paged by limit/offset, weight in lbs. */
function stubServer(
  total: number,
  options: { units?: [string, string]; deleteStatus?: number; session?: SessionDto; clinicRow?: number } = {},
): Server {
  const server: Server = { lists: [], deletes: [] };
  const [weightUnit, bloodSugarUnit] = options.units ?? ['lbs', 'mg/dL'];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
      if (url.pathname === '/api/user/preferences') {
        return json({ weightUnit, bloodSugarUnit, emailReminders: false, weeklyReports: false });
      }
      if (method === 'DELETE') {
        server.deletes.push(url.pathname);
        return options.deleteStatus ? json({ message: 'nope' }, options.deleteStatus) : json({ message: 'Reading deleted' });
      }
      if (url.pathname === '/api/readings') {
        server.lists.push(url);
        const limit = Number(url.searchParams.get('limit') ?? total);
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const count = Math.max(0, Math.min(limit, total - offset));
        const rows = Array.from({ length: count }, (_, i) =>
          reading(
            total - offset - i,
            i === 0
              ? { notes: 'after tea', bloodSugar: 100.89, systolic: 185, diastolic: 85 }
              : {
                  session: i === 1 ? (options.session ?? null) : null,
                  setting: i === options.clinicRow ? 'office' : 'home',
                },
          ),
        );
        return json(rows, 200, { 'X-Total-Count': String(total) });
      }
      throw new Error(`unexpected ${method} ${url.pathname}`);
    }),
  );
  return server;
}

function renderHistory(route = '/history'): void {
  renderWithProviders(<HistoryPage />, {
    route,
    path: '/history',
    extraRoutes: <Route path="/vitals" element={<p>vitals page</p>} />,
  });
}

describe('pagination helpers', () => {
  it('offers at most 5 page buttons around the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('searches dates the way the server stores them', () => {
    expect(serverSearchText('11/20/2026')).toBe('2026-11-20');
    expect(serverSearchText(' 3/7 ')).toBe('-03-07');
    expect(serverSearchText('2026-11')).toBe('2026-11');
    expect(serverSearchText('after tea')).toBe('after tea');
    // Not a month and day: a blood pressure, sent as typed for the server to match.
    expect(serverSearchText('95/60')).toBe('95/60');
    expect(serverSearchText('142/90')).toBe('142/90');
    expect(serverSearchText('13/20/2026')).toBe('13/20/2026');
  });

  it('says which records are shown', () => {
    expect(showingText(1, 10, 25, 10)).toBe('Showing 1 to 10 of 25 records');
    expect(showingText(3, 5, 25, 10)).toBe('Showing 21 to 25 of 25 records');
  });
});

describe('History', () => {
  it('asks the server for the last 30 days, 10 a page, and shows the table with --- for missing values', async () => {
    fixClock();
    const server = stubServer(25);
    renderHistory();
    expect(screen.getByRole('heading', { level: 1, name: 'History' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
    expect(await screen.findByText('Showing 1 to 10 of 25 records')).toBeInTheDocument();
    const url = server.lists[0]!;
    // Thirty calendar days, today (2026-11-20) included.
    expect(url.searchParams.get('from')).toBe('2026-10-22');
    expect(url.searchParams.get('limit')).toBe('10');
    expect(url.searchParams.has('offset')).toBe(false);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Notes' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('after tea')).toBeInTheDocument();
    expect(within(table).getAllByText('---').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('11/20/2026').length).toBe(10);
    expect(within(table).getAllByText('165.3 lbs').length).toBe(10);
    expect(within(table).getByLabelText('Blood pressure category: Hypertensive Crisis (ACC/AHA 2025)')).toBeInTheDocument();
    expect(within(table).getAllByLabelText('Blood pressure category: Stage 1 (ACC/AHA 2025)').length).toBe(9);
  });

  it('pages with previous/next and numbered buttons', async () => {
    const server = stubServer(25);
    renderHistory();
    const user = userEvent.setup();
    await screen.findByText('Showing 1 to 10 of 25 records');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 4' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11 to 20 of 25 records')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 21 to 25 of 25 records')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(server.lists.at(-1)!.searchParams.get('offset')).toBe('20');
  });

  it('filters by type and time period (All time sends no date) and searches after a pause', async () => {
    const server = stubServer(3);
    renderHistory();
    await screen.findByText('Showing 1 to 3 of 3 records');
    const periods = screen.getByLabelText('Time period');
    expect(periods).toHaveValue('30');
    expect(within(periods).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual([
      '1', '3', '7', '30', '90', '180', '365', '3650',
    ]);
    expect(within(periods).getByRole('option', { name: 'All time' })).toHaveValue('3650');
    fireEvent.change(screen.getByLabelText('Reading type'), { target: { value: 'weight' } });
    await waitFor(() => expect(server.lists.at(-1)!.searchParams.get('type')).toBe('weight'));
    fireEvent.change(periods, { target: { value: '3650' } });
    await waitFor(() => expect(server.lists.at(-1)!.searchParams.has('from')).toBe(false));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'tea' } });
    await waitFor(() => expect(server.lists.at(-1)!.searchParams.get('q')).toBe('tea'));
    expect(server.lists.at(-1)!.searchParams.get('type')).toBe('weight');
  });

  it('counts periods in calendar days, today included, and says so', async () => {
    fixClock();
    const server = stubServer(3);
    renderHistory('/history?days=1');
    await screen.findByText('Showing 1 to 3 of 3 records');
    const periods = screen.getByLabelText('Time period');
    expect(periods).toHaveAccessibleDescription('Calendar days, today included.');
    expect(within(periods).getByRole('option', { name: 'Today' })).toHaveValue('1');
    expect(within(periods).getByRole('option', { name: 'Last 7 days' })).toHaveValue('7');
    // Today alone: not yesterday morning.
    expect(server.lists.at(-1)!.searchParams.get('from')).toBe('2026-11-20');
    fireEvent.change(periods, { target: { value: '7' } });
    // Seven calendar days, today included: from six days ago.
    await waitFor(() => expect(server.lists.at(-1)!.searchParams.get('from')).toBe('2026-11-14'));
    expect(firstDayOfLastDays(7)).toBe('2026-11-14');
  });

  it('tells the user that search matches values too', async () => {
    stubServer(1);
    renderHistory();
    await screen.findByText('Showing 1 to 1 of 1 records');
    const search = screen.getByLabelText('Search');
    expect(search).toHaveAccessibleDescription(/values as shown: 142, 142\/90/);
    expect(search.getAttribute('placeholder')).toMatch(/value/);
  });

  it('shows the empty text', async () => {
    stubServer(0);
    renderHistory();
    expect(await screen.findByText('No records found. Try adjusting your filters or search term.')).toBeInTheDocument();
  });

  it('shows weight and blood sugar in the preferred units', async () => {
    stubServer(1, { units: ['kg', 'mmol/L'] });
    renderHistory();
    expect(await screen.findByText('75.0 kg')).toBeInTheDocument();
    expect(screen.getByText('5.6 mmol/L')).toBeInTheDocument();
  });

  it('edit goes to the form; delete asks first, then deletes and confirms', async () => {
    const server = stubServer(2);
    renderHistory();
    const user = userEvent.setup();
    await screen.findByText('Showing 1 to 2 of 2 records');
    await user.click(screen.getAllByRole('button', { name: /^Delete reading/ })[0]!);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this reading?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.deletes).toEqual([]);
    await user.click(screen.getAllByRole('button', { name: /^Delete reading/ })[0]!);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Reading deleted')).toBeInTheDocument();
    expect(server.deletes).toEqual(['/api/readings/2']);
    await user.click(screen.getAllByRole('button', { name: /^Edit reading/ })[0]!);
    expect(await screen.findByText('vitals page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/vitals?edit=2');
  });

  it('says so when a delete fails', async () => {
    stubServer(1, { deleteStatus: 500 });
    renderHistory();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Delete reading/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete reading. Please try again.')).toBeInTheDocument();
    await act(async () => undefined);
  });

  it('marks a guided measurement and expands it to its readings (time, blood pressure, heart rate)', async () => {
    fixClock();
    stubServer(3, { session: threeReadingSession });
    renderHistory();
    const table = await screen.findByRole('table');
    const toggles = within(table).getAllByRole('button', { name: /^Guided/ });
    expect(toggles).toHaveLength(1);
    const toggle = toggles[0]!;
    expect(toggle).toHaveAccessibleName('Guided · 3 readings · Morning · rest skipped');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).not.toBeVisible();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Reading 107:307:30 AM138/88 mmHg72 bpm',
      'Reading 207:317:31 AM134/86 mmHg---',
      'Reading 307:337:33 AM131/85 mmHg69 bpm',
    ]);
    // The panel row follows its reading's row and spans the table.
    expect(toggle.closest('tr')!.nextElementSibling).toBe(panel);
    expect(panel.querySelector('td')).toHaveAttribute('colspan', '8');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it('tags a reading taken at the clinic beside its blood pressure, in words for screen readers (issue 35)', async () => {
    fixClock();
    stubServer(3, { clinicRow: 2 });
    renderHistory();
    const table = await screen.findByRole('table');
    const tags = within(table).getAllByText('Taken at the clinic');
    expect(tags).toHaveLength(1);
    const cell = tags[0]!.closest('td')!;
    expect(cell).toHaveAttribute('data-label', 'Blood Pressure');
    expect(cell).toHaveTextContent('128/84 mmHg');
    expect(within(cell).getByText('Clinic')).toHaveAttribute('aria-hidden', 'true');
  });
});
