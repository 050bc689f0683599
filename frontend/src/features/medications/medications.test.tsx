import { Route } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fetchMock';
import { amlodipine, detail, lisinopril, NOTE } from '../../testing/medications';
import { renderWithProviders } from '../../testing/render';
import { toIsoDate } from '../../lib/dates';
import MedicationPage from './pages/MedicationPage';
import MedicationsPage from './pages/MedicationsPage';
import { medicationMessages } from './schemas';
import { DEFAULT_PREFERENCES } from '../../lib/preferences';

afterEach(() => {
  vi.unstubAllGlobals();
});

const active = { body: { isActive: true, expiresAt: '2027-01-01T00:00:00Z', cancelledAt: null } };

function renderList(): void {
  renderWithProviders(<MedicationsPage />, {
    route: '/medications',
    path: '/medications',
    extraRoutes: <Route path="/medications/:id" element={<p>medication page</p>} />,
  });
}

describe('the Medications page', () => {
  it('lists current and past medications with their dose, times, since when and why', async () => {
    mockFetch({
      'GET /api/medications': { body: { medications: [amlodipine(), lisinopril()], events: [] } },
      'GET /api/user/subscription': active,
    });
    renderList();
    const current = await screen.findByRole('region', { name: 'Current medications' });
    const item = within(current).getByRole('listitem');
    expect(within(item).getByRole('link', { name: 'Amlodipine' })).toHaveAttribute('href', '/medications/7');
    expect(item).toHaveTextContent('20 mg, once a day (08:00)');
    // Since when this dose is taken, not the medication's first day (issue 36).
    expect(item).toHaveTextContent('This dose since 05/02/2026 · taken since 03/02/2026');
    expect(item).toHaveTextContent('For: blood pressure');
    expect(item).toHaveTextContent('2 doses so far');
    const past = screen.getByRole('region', { name: 'Past medications' });
    expect(past).toHaveTextContent('5 mg, twice a day (08:00, 20:00)');
    expect(past).toHaveTextContent('01/05/2026 to 01/31/2026');
  });

  it('tags a medication taken for blood pressure, in words a screen reader says whole', async () => {
    mockFetch({
      'GET /api/medications': { body: { medications: [amlodipine(), lisinopril()], events: [] } },
      'GET /api/user/subscription': active,
    });
    renderList();
    const current = within(await screen.findByRole('region', { name: 'Current medications' })).getByRole('listitem');
    const shown = within(current).getByText('Blood pressure');
    expect(shown.parentElement).toHaveClass('med-badge');
    // Heard as the words beside it, not as the tag's two.
    expect(shown).toHaveAttribute('aria-hidden', 'true');
    expect(shown.parentElement).toHaveTextContent('Taken for blood pressure');
    const past = within(screen.getByRole('region', { name: 'Past medications' })).getByRole('listitem');
    expect(within(past).queryByText('Blood pressure')).not.toBeInTheDocument();
    expect(past).not.toHaveTextContent('Taken for blood pressure');
  });

  it('shows a skeleton while loading, then says what the page is for when there is nothing', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url === '/api/medications'
          ? new Promise<Response>((resolve) => (answer = resolve))
          : Promise.resolve(new Response(JSON.stringify(active.body))),
      ),
    );
    renderList();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your medications…');
    answer(new Response(JSON.stringify({ medications: [], events: [] })));
    expect(await screen.findByRole('heading', { name: 'No medications yet' })).toBeInTheDocument();
  });

  it("validates the Add medication form with the server's messages before sending anything", async () => {
    const { calls } = mockFetch({
      'GET /api/medications': { body: { medications: [], events: [] } },
      'GET /api/user/subscription': active,
    });
    renderList();
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add medication' }))[0]!);
    const form = screen.getByRole('form', { name: 'Add medication' });
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    await user.clear(within(form).getByLabelText('Start date'));
    await user.type(within(form).getByLabelText('Start date'), '2026-03-10');
    await user.type(within(form).getByLabelText('End date (optional)'), '2026-03-09');
    await user.click(within(form).getByRole('button', { name: 'Add medication' }));
    expect(await within(form).findByText(medicationMessages.nameRequired)).toBeInTheDocument();
    expect(within(form).getByText(medicationMessages.strength)).toBeInTheDocument();
    expect(within(form).getByText(medicationMessages.endBeforeStart)).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    await user.type(within(form).getByLabelText('Strength'), '-1');
    await user.tab();
    expect(within(form).getByLabelText('Strength')).toHaveAccessibleDescription(medicationMessages.strength);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows as many time inputs as the frequency takes, and says a weekly dose falls on the start weekday', async () => {
    mockFetch({ 'GET /api/medications': { body: { medications: [], events: [] } }, 'GET /api/user/subscription': active });
    renderList();
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add medication' }))[0]!);
    const form = screen.getByRole('form', { name: 'Add medication' });
    const timeInputs = (): HTMLElement[] => within(form).queryAllByLabelText(/^(Time|\w+ dose)$/);
    expect(timeInputs()).toHaveLength(1);
    await user.selectOptions(within(form).getByLabelText('How often'), 'three-times-daily');
    expect(timeInputs().map((i) => (i as HTMLInputElement).value)).toEqual(['08:00', '14:00', '20:00']);
    expect(within(form).getByLabelText('Third dose')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('How often'), 'as-needed');
    expect(timeInputs()).toHaveLength(0);
    expect(within(form).getByText('No set times: log each dose when you take it.')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('How often'), 'weekly');
    const start = within(form).getByLabelText('Start date');
    await user.clear(start);
    await user.type(start, '2026-03-02');
    expect(within(form).getByText("Once a week, on the start date's weekday: every Monday.")).toBeInTheDocument();
    expect(within(form).getByLabelText('How often')).toHaveAccessibleDescription(
      "Once a week, on the start date's weekday: every Monday.",
    );
  });

  it('adds a medication, confirms with a toast and shows it in the list', async () => {
    const added = amlodipine({ periods: [amlodipine().periods[0]!], reminders: true });
    let listed = false;
    const { calls } = mockFetch({
      'GET /api/medications': () => ({ body: { medications: listed ? [added] : [], events: [] } }),
      'GET /api/user/subscription': active,
      'POST /api/medications': () => {
        listed = true;
        return { status: 201, body: added };
      },
    });
    renderList();
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add medication' }))[0]!);
    const form = screen.getByRole('form', { name: 'Add medication' });
    await user.type(within(form).getByLabelText('Name'), 'Amlodipine');
    await user.type(within(form).getByLabelText('Strength'), '10');
    await user.selectOptions(within(form).getByLabelText('How often'), 'twice-daily');
    await user.clear(within(form).getByLabelText('Second dose'));
    await user.type(within(form).getByLabelText('Second dose'), '07:00');
    await user.type(within(form).getByLabelText('Why you take it (optional)'), 'blood pressure');
    await user.click(within(form).getByRole('switch', { name: 'Email reminders' }));
    const forBp = within(form).getByRole('checkbox', { name: 'For blood pressure' });
    expect(forBp).not.toBeChecked();
    expect(forBp).toHaveAccessibleDescription('Used to describe your home and clinic readings in treated terms');
    await user.click(forBp);
    await user.click(within(form).getByRole('button', { name: 'Add medication' }));
    expect(await screen.findByText('Medication added')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Amlodipine',
      form: 'tablet',
      strength: 10,
      unit: 'mg',
      frequency: 'twice-daily',
      times: ['07:00', '08:00'],
      startDate: toIsoDate(new Date()),
      endDate: null,
      reason: 'blood pressure',
      reminders: true,
      forBloodPressure: true,
    });
    expect(await screen.findByRole('region', { name: 'Current medications' })).toHaveTextContent('Amlodipine');
    expect(screen.queryByRole('form', { name: 'Add medication' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Amlodipine' })).toHaveFocus());
  });

  it("shows the server's field message under the field it names", async () => {
    mockFetch({
      'GET /api/medications': { body: { medications: [], events: [] } },
      'GET /api/user/subscription': active,
      'POST /api/medications': { status: 400, body: { message: 'Name taken', errors: { name: 'You already have a medication with this name' } } },
    });
    renderList();
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add medication' }))[0]!);
    const form = screen.getByRole('form', { name: 'Add medication' });
    await user.type(within(form).getByLabelText('Name'), 'Amlodipine');
    await user.type(within(form).getByLabelText('Strength'), '10');
    await user.click(within(form).getByRole('button', { name: 'Add medication' }));
    expect(await screen.findByText('The medication could not be added')).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription('You already have a medication with this name');
  });
});

function renderPage(id = 7): void {
  renderWithProviders(<MedicationPage />, {
    route: `/medications/${id}`,
    path: '/medications/:id',
    extraRoutes: <Route path="/medications" element={<p>the list</p>} />,
  });
}

describe("a medication's page", () => {
  it('shows the dose history, the before/after averages with their counts, what is missing, the note, and adherence', async () => {
    mockFetch({ 'GET /api/medications/7': { body: detail() }, 'GET /api/user/subscription': active });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Amlodipine' })).toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'Dose history' });
    expect(within(history).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '10 mg, once a day (08:00) from 03/02/2026 to 05/01/2026',
      '20 mg, once a day (08:00) from 05/02/2026',
    ]);
    const effects = screen.getByRole('region', { name: 'Blood pressure before and after' });
    const [started, changed] = within(effects).getAllByRole('listitem');
    expect(started).toHaveTextContent('148/94 mmHg');
    expect(started).toHaveTextContent('average of 12 readings');
    expect(started).toHaveTextContent('136/86 mmHg');
    expect(started).toHaveTextContent('12/8 mmHg lower');
    expect(started).not.toHaveTextContent('Not enough');
    expect(changed).toHaveTextContent('average of 1 reading');
    expect(changed).toHaveTextContent('Not enough readings to compare yet: 4 before and 1 after; at least 3 on each side are needed.');
    expect(effects).toHaveTextContent('Each side needs at least 3 readings.');
    expect(within(effects).getByRole('note')).toHaveTextContent(NOTE);
    const adherence = screen.getByRole('region', { name: 'Doses, last 30 days' });
    expect(adherence).toHaveTextContent('10/27/2026 to 11/25/2026');
    expect(adherence).toHaveTextContent('Taken 26 of 30 doses due (87%).');
    expect(within(adherence).getByRole('meter', { name: 'Doses taken' })).toHaveAttribute('aria-valuetext', '26 of 30');
    expect(adherence).toHaveTextContent('Skipped2');
    expect(adherence).toHaveTextContent('Missed2');
  });

  it('changes the dose from a date after the current one started, then shows the new history', async () => {
    const changed = amlodipine({
      periods: [...amlodipine().periods.slice(0, 1), { ...amlodipine().periods[1]!, endDate: '2026-11-19' }, {
        id: 3, strength: 40, unit: 'mg', frequency: 'once-daily', times: ['08:00'], startDate: '2026-11-20', endDate: null, label: '40 mg, once a day (08:00)',
      }],
    });
    let after = false;
    const { calls } = mockFetch({
      'GET /api/medications/7': () => ({ body: detail(after ? changed : amlodipine()) }),
      'GET /api/user/subscription': active,
      'POST /api/medications/7/changes': () => {
        after = true;
        return { status: 201, body: changed };
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change dose' }));
    const form = screen.getByRole('form', { name: 'Change dose' });
    expect(within(form).getByLabelText('Strength')).toHaveValue(20);
    const from = within(form).getByLabelText('New dose from');
    await user.clear(from);
    await user.type(from, '2026-05-02');
    await user.click(within(form).getByRole('button', { name: 'Save new dose' }));
    expect(await within(form).findByText(medicationMessages.changeNotAfter)).toBeInTheDocument();
    await user.clear(from);
    await user.type(from, '2026-11-20');
    await user.clear(within(form).getByLabelText('Strength'));
    await user.type(within(form).getByLabelText('Strength'), '40');
    await user.click(within(form).getByRole('button', { name: 'Save new dose' }));
    expect(await screen.findByText('Dose changed')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      strength: 40,
      unit: 'mg',
      frequency: 'once-daily',
      times: ['08:00'],
      startDate: '2026-11-20',
    });
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Dose history' })).toHaveTextContent('40 mg, once a day (08:00) from 11/20/2026'),
    );
    expect(screen.queryByRole('form', { name: 'Change dose' })).not.toBeInTheDocument();
  });

  it('stops taking it on a date, after asking which', async () => {
    const { calls } = mockFetch({
      'GET /api/medications/7': { body: detail() },
      'GET /api/user/subscription': active,
      'PATCH /api/medications/7': { body: amlodipine({ endDate: '2026-06-01' }) },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Stop taking' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Stop taking Amlodipine?' });
    const last = within(dialog).getByLabelText('Last day');
    await user.clear(last);
    await user.type(last, '2026-05-01');
    await user.click(within(dialog).getByRole('button', { name: 'Stop taking' }));
    expect(await within(dialog).findByText(medicationMessages.endBeforeStart)).toBeInTheDocument();
    await user.clear(last);
    await user.type(last, '2026-06-01');
    await user.click(within(dialog).getByRole('button', { name: 'Stop taking' }));
    expect(await screen.findByText('Medication stopped')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ endDate: '2026-06-01' }]);
  });

  it("offers today in the user's time zone (the server's today) as the last day, not the browser's date", async () => {
    // 11:00 on 06/10 in the browser's UTC is already 06/11 in Kiritimati (UTC+14).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-10T11:00:00Z'));
    try {
      mockFetch({
        'GET /api/medications/7': { body: detail() },
        'GET /api/user/subscription': active,
        'GET /api/user/preferences': { body: { ...DEFAULT_PREFERENCES, timeZone: 'Pacific/Kiritimati' } },
      });
      renderPage();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Stop taking' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Stop taking Amlodipine?' });
      await waitFor(() => expect(within(dialog).getByLabelText('Last day')).toHaveValue('2026-06-11'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears the reason when it is emptied in Edit details (the server keeps it when sent null)', async () => {
    const { calls } = mockFetch({
      'GET /api/medications/7': { body: detail() },
      'GET /api/user/subscription': active,
      'PATCH /api/medications/7': { body: amlodipine({ reason: null }) },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const form = screen.getByRole('form', { name: 'Edit details' });
    await user.clear(within(form).getByLabelText('Why you take it (optional)'));
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Details saved')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { name: 'Amlodipine', form: 'tablet', reason: '', forBloodPressure: true },
    ]);
  });

  it('shows the blood pressure tag, and unmarks it in Edit details', async () => {
    const { calls } = mockFetch({
      'GET /api/medications/7': { body: detail() },
      'GET /api/user/subscription': active,
      'PATCH /api/medications/7': { body: amlodipine({ forBloodPressure: false }) },
    });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Current dose' });
    expect(card).toHaveTextContent('Taken for blood pressure');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Edit details' }));
    const form = screen.getByRole('form', { name: 'Edit details' });
    const forBp = within(form).getByRole('checkbox', { name: 'For blood pressure' });
    expect(forBp).toBeChecked();
    await user.click(forBp);
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Details saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'Amlodipine',
      form: 'tablet',
      reason: 'blood pressure',
      forBloodPressure: false,
    });
  });

  it('turns reminders on at once, with a toast', async () => {
    const { calls } = mockFetch({
      'GET /api/medications/7': { body: detail() },
      'GET /api/user/subscription': active,
      'PATCH /api/medications/7': { body: amlodipine({ reminders: true }) },
    });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('switch', { name: 'Email reminders' }));
    expect(await screen.findByText('Reminders on')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ reminders: true });
  });

  it('deletes it after a confirmation that says its recorded doses go too, then shows the list', async () => {
    const { calls } = mockFetch({
      'GET /api/medications/7': { body: detail() },
      'GET /api/user/subscription': active,
      'DELETE /api/medications/7': { status: 204 },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete medication' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Amlodipine?' });
    expect(dialog).toHaveAccessibleDescription(/every dose you recorded for it \(taken or skipped\)/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete medication' }));
    expect(await screen.findByText('Medication deleted')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/medications');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('explains a write refused for want of a subscription, with Subscribe Now', async () => {
    mockFetch({
      'GET /api/medications/7': { body: detail() },
      'GET /api/user/subscription': active,
      'PATCH /api/medications/7': { status: 403, body: { code: 'subscription_required', message: 'Subscription Required' } },
    });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('switch', { name: 'Email reminders' }));
    expect(await screen.findByText('Recording medications and doses needs an active subscription (5 USD per year).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeInTheDocument();
  });

  it('says so when the medication does not exist (or is not yours)', async () => {
    mockFetch({
      'GET /api/medications/99': { status: 404, body: { message: 'Medication not found' } },
      'GET /api/user/subscription': active,
    });
    renderPage(99);
    expect(await screen.findByText('Medication not found')).toBeInTheDocument();
  });
});

describe('adherence of a medication added after it was started (issue 36)', () => {
  it('says earlier doses were not recorded, never missed', async () => {
    const { adherenceLine } = await import('./components/MedicationAnalysis');
    const base = { from: '2026-10-30', to: '2026-11-28', skipped: 0, asNeeded: 0 };
    expect(adherenceLine({ ...base, due: 0, taken: 0, missed: 0, notRecorded: 58, added: '2026-11-28', percent: null })).toBe(
      'No doses were due since you added it on 11/28/2026. Earlier doses: not recorded.',
    );
    expect(adherenceLine({ ...base, due: 4, taken: 3, missed: 1, notRecorded: 52, added: '2026-11-26', percent: 75 })).toBe(
      'Taken 3 of 4 doses due since you added it on 11/26/2026 (75%). Earlier doses: not recorded.',
    );
    expect(adherenceLine({ ...base, due: 30, taken: 26, missed: 2, notRecorded: 0, added: null, percent: 87 })).toBe(
      'Taken 26 of 30 doses due (87%).',
    );
  });
});
