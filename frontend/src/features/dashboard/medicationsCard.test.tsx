import { Route } from 'react-router-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, networkDown, type MockResponse, type RecordedCall } from '../../testing/fetchMock';
import { amlodipine, day, dose, lisinopril, TODAY } from '../../testing/medications';
import { renderWithProviders } from '../../testing/render';
import type { DosesAnswer } from '../medications/api/medications';
import { MedicationsCard } from './components/MedicationsCard';

afterEach(() => {
  vi.unstubAllGlobals();
});

const withCurrent = { body: { medications: [amlodipine(), lisinopril()], events: [] } };

async function renderCard(): Promise<HTMLElement> {
  renderWithProviders(<MedicationsCard />, { extraRoutes: <Route path="/profile" element={<p>profile page</p>} /> });
  return screen.findByRole('region', { name: "Today's medications" });
}

/** A fake server day: intakes recorded change the doses the next GET answers. */
function fakeDay(initial: DosesAnswer = day()) {
  let answer = initial;
  let next = 100;
  const routes: Record<string, MockResponse | ((call: RecordedCall) => MockResponse)> = {
    'GET /api/medications': withCurrent,
    'GET /api/medications/doses': () => ({ body: answer }),
    'POST /api/medications/doses': () => {
      answer = { ...answer, doses: answer.doses.map((d) => (d.status === 'due' ? { ...d, status: 'taken', intakeId: (next += 1) } : d)) };
      return { body: answer };
    },
  };
  for (const id of [7, 8, 11]) {
    routes[`POST /api/medications/${id}/intakes`] = (call) => {
      const body = call.body as { date: string; time: string; status: 'taken' | 'skipped'; reason?: string | null };
      next += 1;
      if (id === 11) {
        answer = { ...answer, asNeeded: answer.asNeeded.map((m) => ({ ...m, taken: [...m.taken, { intakeId: next, time: body.time }] })) };
      } else {
        answer = {
          ...answer,
          doses: answer.doses.map((d) =>
            d.medicationId === id && d.time === body.time ? { ...d, status: body.status, intakeId: next, reason: body.reason ?? null } : d,
          ),
        };
      }
      return { body: { intakeId: next, medicationId: id, date: body.date, time: body.time, status: body.status, reason: body.reason ?? null } };
    };
    routes[`DELETE /api/medications/${id}/intakes/101`] = () => {
      answer = {
        ...answer,
        doses: answer.doses.map((d) => (d.intakeId === 101 ? { ...d, status: 'due', intakeId: null, reason: null } : d)),
        asNeeded: answer.asNeeded.map((m) => ({ ...m, taken: m.taken.filter((t) => t.intakeId !== 101) })),
      };
      return { status: 204 };
    };
  }
  return { routes, answer: () => answer };
}

const rows = (card: HTMLElement): HTMLElement[] => within(within(card).getByRole('list', { name: 'Doses due today' })).getAllByRole('listitem');

describe("the dashboard's doses card", () => {
  it('is not shown without a current medication', async () => {
    const { calls } = mockFetch({ 'GET /api/medications': { body: { medications: [lisinopril()], events: [] } } });
    renderWithProviders(<MedicationsCard />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('region', { name: /medications/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("lists the day's doses with their times, shows skeletons while they load, and explains a failure", async () => {
    let fail: (e: Error) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url === '/api/medications'
          ? Promise.resolve(new Response(JSON.stringify(withCurrent.body)))
          : new Promise<Response>((_, reject) => (fail = reject)),
      ),
    );
    renderWithProviders(<MedicationsCard />);
    const card = await screen.findByRole('region', { name: "Today's medications" });
    expect(within(card).getByRole('status')).toHaveTextContent('Loading your doses…');
    fail(networkDown());
    expect(await within(card).findByText('Your doses could not be loaded')).toBeInTheDocument();
  });

  it('marks one dose taken (a toast offers Undo), and undoes it from the row', async () => {
    const server = fakeDay();
    const { calls } = mockFetch(server.routes);
    const card = await renderCard();
    const user = userEvent.setup();
    await within(card).findByText('0 of 3 taken');
    expect(rows(card).map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^8:00 AMAmlodipine 20 mg/),
      expect.stringMatching(/^8:00 AMMetoprolol 25 mg/),
      expect.stringMatching(/^8:00 PMMetoprolol 25 mg/),
    ]);
    await user.click(within(card).getByRole('button', { name: 'Taken: Amlodipine 20 mg, 8:00 AM' }));
    expect(await screen.findByText('Dose taken')).toBeInTheDocument();
    expect(screen.getByText('Amlodipine 20 mg, 8:00 AM.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/medications/7/intakes',
      body: { date: TODAY, time: '08:00', status: 'taken' },
    });
    await within(card).findByText('1 of 3 taken');
    expect(rows(card)[0]).toHaveTextContent('Taken');
    await user.click(within(card).getByRole('button', { name: 'Undo: Amlodipine 20 mg, 8:00 AM' }));
    expect(await screen.findByText('Dose undone')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/medications/7/intakes/101')).toBe(true);
    await within(card).findByText('0 of 3 taken');
  });

  it('confirms a dose as soon as the server has it, while the day is still fetched again', async () => {
    const server = fakeDay();
    const { fn } = mockFetch(server.routes);
    const answer = fn.getMockImplementation();
    if (!answer) throw new Error('mockFetch answers');
    let written = false;
    // After the write, every GET hangs: the confirmation must not wait for them.
    fn.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (written && (init?.method ?? 'GET') === 'GET') return new Promise<Response>(() => undefined);
      if (init?.method === 'POST') written = true;
      return answer(input, init);
    });
    const card = await renderCard();
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Taken: Amlodipine 20 mg, 8:00 AM' }));
    expect(await screen.findByText('Dose taken')).toBeInTheDocument();
    expect(within(card).getByText('0 of 3 taken')).toBeInTheDocument();
  });

  it('skips a dose with a reason, asked in a dialog', async () => {
    const server = fakeDay();
    const { calls } = mockFetch(server.routes);
    const card = await renderCard();
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Skip: Metoprolol 25 mg, 8:00 PM' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Skip Metoprolol?' });
    expect(within(dialog).getByLabelText('Reason (optional)')).toHaveFocus();
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'felt dizzy');
    await user.click(within(dialog).getByRole('button', { name: 'Skip dose' }));
    expect(await screen.findByText('Dose skipped')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ date: TODAY, time: '20:00', status: 'skipped', reason: 'felt dizzy' });
    await waitFor(() => expect(rows(card)[2]).toHaveTextContent('Skipped: felt dizzy'));
  });

  it('marks every dose still due as taken with one button', async () => {
    const server = fakeDay(day({ doses: [dose({ status: 'taken', intakeId: 50 }), ...day().doses.slice(1)] }));
    const { calls } = mockFetch(server.routes);
    const card = await renderCard();
    const user = userEvent.setup();
    await within(card).findByText('1 of 3 taken');
    await user.click(within(card).getByRole('button', { name: 'Mark all taken' }));
    expect(await screen.findByText('All doses taken')).toBeInTheDocument();
    expect(screen.getByText('2 doses marked taken.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/medications/doses', body: { date: TODAY, status: 'taken' } });
    await within(card).findByText('All 3 recorded');
    expect(within(card).queryByRole('button', { name: 'Mark all taken' })).not.toBeInTheDocument();
  });

  it('logs an as-needed dose at a time (now by default)', async () => {
    const server = fakeDay();
    const { calls } = mockFetch(server.routes);
    const card = await renderCard();
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Log a dose: Ibuprofen' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Log a dose of Ibuprofen' });
    const time = within(dialog).getByLabelText('Time taken');
    expect((time as HTMLInputElement).value).toMatch(/^\d{2}:\d{2}$/);
    await user.clear(time);
    await user.type(time, '00:05');
    await user.click(within(dialog).getByRole('button', { name: 'Log dose' }));
    expect(await screen.findByText('Dose logged')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/medications/11/intakes',
      body: { date: TODAY, time: '00:05', status: 'taken' },
    });
    const logs = await within(card).findByRole('list', { name: 'Doses of Ibuprofen logged' });
    expect(logs).toHaveTextContent('Taken at 12:05 AM');
  });

  it('fills in a past day chosen with the date control, and comes back to today', async () => {
    const server = fakeDay();
    const past = day({ date: '2026-11-20', doses: [dose({ status: 'skipped', intakeId: 9, reason: 'away' })], asNeeded: [] });
    const { calls } = mockFetch({ ...server.routes, 'GET /api/medications/doses?date=2026-11-20': { body: past } });
    const card = await renderCard();
    const user = userEvent.setup();
    const picker = await within(card).findByLabelText('Day');
    expect(picker).toHaveValue(TODAY);
    expect(picker).toHaveAttribute('max', TODAY);
    await within(card).findByText('0 of 3 taken');
    // A browser's date input changes in one go (jsdom's cannot be typed into).
    fireEvent.change(picker, { target: { value: '2026-11-20' } });
    const pastCard = await screen.findByRole('region', { name: 'Medications on 11/20/2026' });
    expect(await within(pastCard).findByText('Skipped: away')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/medications/doses?date=2026-11-20')).toBe(true);
    await user.click(within(pastCard).getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('region', { name: "Today's medications" })).toBeInTheDocument();
  });

  it('keeps keyboard focus on the row after Taken, Skip and Undo replace its buttons', async () => {
    const server = fakeDay();
    mockFetch(server.routes);
    const card = await renderCard();
    const user = userEvent.setup();
    await within(card).findByText('0 of 3 taken');
    within(card).getByRole('button', { name: 'Taken: Amlodipine 20 mg, 8:00 AM' }).focus();
    await user.keyboard('{Enter}');
    await within(card).findByText('1 of 3 taken');
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Undo: Amlodipine 20 mg, 8:00 AM' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await within(card).findByText('0 of 3 taken');
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Taken: Amlodipine 20 mg, 8:00 AM' })).toHaveFocus());

    within(card).getByRole('button', { name: 'Skip: Metoprolol 25 mg, 8:00 PM' }).focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('alertdialog', { name: 'Skip Metoprolol?' });
    await user.click(within(dialog).getByRole('button', { name: 'Skip dose' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Undo: Metoprolol 25 mg, 8:00 PM' })).toHaveFocus());
  });

  it('after Mark all taken, focus goes to the first dose (the button is gone)', async () => {
    const server = fakeDay();
    mockFetch(server.routes);
    const card = await renderCard();
    const user = userEvent.setup();
    await within(card).findByText('0 of 3 taken');
    within(card).getByRole('button', { name: 'Mark all taken' }).focus();
    await user.keyboard('{Enter}');
    await within(card).findByText('All 3 recorded');
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Undo: Amlodipine 20 mg, 8:00 AM' })).toHaveFocus());
  });

  it('explains a refusal: no subscription (with Subscribe Now) or the server\'s reason', async () => {
    const server = fakeDay();
    mockFetch({
      ...server.routes,
      'POST /api/medications/7/intakes': { status: 403, body: { code: 'subscription_required', message: 'Subscription Required' } },
      'POST /api/medications/8/intakes': {
        status: 400,
        body: { message: 'This medication was not taken on that day', errors: { date: 'This medication was not taken on that day' } },
      },
      'GET /api/user/subscription': { body: { isActive: false, expiresAt: null, cancelledAt: null } },
    });
    const card = await renderCard();
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Taken: Metoprolol 25 mg, 8:00 AM' }));
    expect(await screen.findByText('The dose could not be recorded')).toBeInTheDocument();
    expect(screen.getByText('This medication was not taken on that day')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Taken: Metoprolol 25 mg, 8:00 AM' })).toBeEnabled();
    await user.click(within(card).getByRole('button', { name: 'Taken: Amlodipine 20 mg, 8:00 AM' }));
    expect(await screen.findByText('Recording medications and doses needs an active subscription (5 USD per year).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });
});
