import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, networkDown, type MockResponse } from '../../testing/fetchMock';
import { aliceUser } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import type { Report } from './api/reportsApi';
import ReportsPage from './pages/ReportsPage';

const older: Report = {
  id: 3,
  userId: 1,
  name: 'For Dr. Lee',
  type: 'bp',
  dateStart: '2026-09-01',
  dateEnd: '2026-09-30',
  includeCharts: true,
  includeTable: true,
  includeAnalysis: false,
  dateGenerated: '2026-10-01T14:05:00Z',
  sizeBytes: 12000,
};
const newer: Report = { ...older, id: 7, name: 'November check', dateStart: '2026-10-23', dateEnd: '2026-11-22', dateGenerated: '2026-11-22T09:30:00Z' };

const created: Report = {
  ...older,
  id: 9,
  name: 'Blood Pressure Report 10/23/2026 – 11/22/2026',
  dateStart: '2026-10-23',
  dateEnd: '2026-11-22',
  includeAnalysis: true,
  dateGenerated: '2026-11-22T10:00:00Z',
};

type Route = MockResponse | Error | ((call: { body: unknown }) => MockResponse | Error);

function renderPage(routes: Record<string, Route> = {}, list: Report[] = [newer, older]): ReturnType<typeof mockFetch> {
  const mock = mockFetch({
    'GET /api/user': { body: aliceUser },
    'GET /api/reports': { body: list },
    'GET /api/shares': { body: [] },
    ...routes,
  });
  renderWithProviders(<ReportsPage />, { route: '/reports', path: '/reports' });
  return mock;
}

/**
 * Holds back the answer to one "METHOD /path" request until the returned function is
 * called, to look at the page mid-request. Install it after mockFetch.
 */
function holdRequest(key: string): () => void {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const routed = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (`${(init?.method ?? 'GET').toUpperCase()} ${String(input)}` === key) await gate;
    return routed(input, init);
  });
  return release;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 10, 0, 0));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const createForm = (): HTMLElement => screen.getByRole('form', { name: 'Create Report' });
const emailForm = (): HTMLElement => screen.getByRole('form', { name: 'Email Report' });

describe('the page', () => {
  it('has the Share with your doctor card beside the reports', async () => {
    renderPage();
    const card = screen.getByRole('region', { name: 'Share with your doctor' });
    expect(await within(card).findByText(/No shares yet/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'New share' })).toBeInTheDocument();
  });
});

describe('create form', () => {
  it('starts with the spec defaults: bp, last 30 days to today, everything included', async () => {
    renderPage();
    const form = createForm();
    expect(within(form).getByLabelText('Report type')).toHaveValue('bp');
    const options = within(within(form).getByLabelText('Report type')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Select a report type', 'Blood Pressure Report']);
    expect(within(form).getByLabelText('Start date')).toHaveValue('2026-10-23');
    expect(within(form).getByLabelText('End date')).toHaveValue('2026-11-22');
    expect(within(form).getByLabelText('Report name')).toHaveValue('Blood Pressure Report 10/23/2026 – 11/22/2026');
    for (const name of ['Charts', 'Table of readings', 'Analysis']) {
      expect(within(form).getByRole('checkbox', { name })).toBeChecked();
    }
    expect(await screen.findByRole('heading', { name: 'November check' })).toBeInTheDocument();
  });

  it('keeps the default name in step with the dates until the user edits it', async () => {
    renderPage();
    const user = userEvent.setup();
    const start = screen.getByLabelText('Start date');
    await user.clear(start);
    await user.type(start, '2026-11-01');
    expect(screen.getByLabelText('Report name')).toHaveValue('Blood Pressure Report 11/01/2026 – 11/22/2026');
    const name = screen.getByLabelText('Report name');
    await user.clear(name);
    await user.type(name, 'For my GP');
    await user.clear(start);
    await user.type(start, '2026-11-05');
    expect(name).toHaveValue('For my GP');
  });

  it('validates type, dates, order and includes with the spec and server wording, without a request', async () => {
    const { calls } = renderPage();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'November check' });
    await user.selectOptions(screen.getByLabelText('Report type'), '');
    await user.clear(screen.getByLabelText('Start date'));
    await user.clear(screen.getByLabelText('End date'));
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(await screen.findByText('Report type is required')).toBeInTheDocument();
    expect(screen.getByText('Start date is required')).toBeInTheDocument();
    expect(screen.getByText('End date is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Report type')).toHaveFocus();

    await user.selectOptions(screen.getByLabelText('Report type'), 'bp');
    await user.type(screen.getByLabelText('Start date'), '2026-11-10');
    await user.type(screen.getByLabelText('End date'), '2026-11-01');
    for (const name of ['Charts', 'Table of readings', 'Analysis']) await user.click(screen.getByRole('checkbox', { name }));
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(await screen.findByText('End date must be on or after the start date')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one of charts, table or analysis')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  // Issue 36: the form kept the previous report, and a 30-day report went to the doctor
  // instead of the 2-year one just generated.
  it('points the email form at the report just generated, and its subject names it', async () => {
    renderPage({ 'POST /api/reports': { status: 201, body: created } }, [older]);
    await screen.findByRole('heading', { name: 'For Dr. Lee' });
    const form = emailForm();
    expect(within(form).getByLabelText('Report')).toHaveValue('3');
    expect(await within(form).findByDisplayValue('Vitalog Health Report: Blood Pressure Report, 09/01/2026 to 09/30/2026')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    await screen.findByRole('heading', { name: 'Report generated' });
    expect(within(form).getByLabelText('Report')).toHaveValue(String(created.id));
    expect(
      await within(form).findByDisplayValue(
        `Vitalog Health Report: Blood Pressure Report, ${created.dateStart.slice(5, 7)}/${created.dateStart.slice(8)}/${created.dateStart.slice(0, 4)} to ${created.dateEnd.slice(5, 7)}/${created.dateEnd.slice(8)}/${created.dateEnd.slice(0, 4)}`,
      ),
    ).toBeInTheDocument();
  });

  it('keeps a subject the person wrote when another report is chosen', async () => {
    renderPage({}, [newer, older]);
    await screen.findByRole('heading', { name: 'For Dr. Lee' });
    const form = emailForm();
    await within(form).findByDisplayValue(/^Vitalog Health Report: /);
    const user = userEvent.setup();
    await user.clear(within(form).getByLabelText('Subject'));
    await user.type(within(form).getByLabelText('Subject'), 'My readings');
    await user.selectOptions(within(form).getByLabelText('Report'), '3');
    expect(within(form).getByLabelText('Subject')).toHaveValue('My readings');
  });

  it('shows processing, then the generated state with View, Download and Email, and lists the report', async () => {
    const { calls } = renderPage({ 'POST /api/reports': { status: 201, body: created } }, [older]);
    const release = holdRequest('POST /api/reports');
    await screen.findByRole('heading', { name: 'For Dr. Lee' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(await screen.findByText(/Generating your report/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    expect(screen.getByLabelText('Report name')).toBeDisabled();
    expect(createForm()).toHaveAttribute('aria-busy', 'true');

    await act(async () => release());
    const heading = await screen.findByRole('heading', { name: 'Report generated' });
    expect(heading).toHaveFocus();
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/reports');
    expect(post?.body).toEqual({
      name: 'Blood Pressure Report 10/23/2026 – 11/22/2026',
      type: 'bp',
      dateStart: '2026-10-23',
      dateEnd: '2026-11-22',
      includeCharts: true,
      includeTable: true,
      includeAnalysis: true,
    });
    const panel = heading.closest('.report-generated') as HTMLElement;
    expect(within(panel).getByRole('link', { name: /^View/ })).toHaveAttribute('href', '/api/reports/9/view');
    expect(within(panel).getByRole('link', { name: /^View/ })).toHaveAttribute('target', '_blank');
    expect(within(panel).getByRole('link', { name: /^Download/ })).toHaveAttribute('href', '/api/reports/9/download');
    const list = screen.getByRole('list', { name: 'Generated reports' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(created.name);

    await user.click(within(panel).getByRole('button', { name: /^Email/ }));
    expect(within(emailForm()).getByLabelText('Report')).toHaveValue('9');
    expect(within(emailForm()).getByLabelText('Recipient email')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Create another report' }));
    expect(screen.getByRole('button', { name: 'Generate Report' })).toBeEnabled();
  });

  it("says 'Failed to generate report. Please try again.' when the server fails", async () => {
    renderPage({ 'POST /api/reports': { status: 500, body: { message: 'Something went wrong' } } });
    await screen.findByRole('heading', { name: 'November check' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Generate Report' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent?.includes('Failed to generate report. Please try again.'))).toBe(true);
    expect(screen.getByRole('button', { name: 'Generate Report' })).toBeEnabled();
  });

  it('puts the server field errors of a 400 on the fields', async () => {
    renderPage({
      'POST /api/reports': {
        status: 400,
        body: { message: 'End date must be on or after the start date', errors: { dateEnd: 'End date must be on or after the start date' } },
      },
    });
    await screen.findByRole('heading', { name: 'November check' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Generate Report' }));
    await waitFor(() => expect(screen.getByLabelText('End date')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('End date must be on or after the start date').length).toBeGreaterThan(0);
  });

  it.each([
    [409, 'You keep 100 reports, the most allowed. Please delete one you no longer need to create another.'],
    [429, 'Your previous report is still being generated. Please wait for it to finish.'],
  ])("shows the server's message when it refuses to generate (%i)", async (status, message) => {
    renderPage({ 'POST /api/reports': { status, body: { message } } });
    await screen.findByRole('heading', { name: 'November check' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Generate Report' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent?.includes(message))).toBe(true);
    expect(screen.getByRole('button', { name: 'Generate Report' })).toBeEnabled();
  });
});

describe('report list', () => {
  it('shows a skeleton while loading, then name, type, period and generated date of each report', async () => {
    mockFetch({ 'GET /api/user': { body: aliceUser }, 'GET /api/reports': { body: [newer, older] }, 'GET /api/shares': { body: [] } });
    const release = holdRequest('GET /api/reports');
    renderWithProviders(<ReportsPage />, { route: '/reports', path: '/reports' });
    expect(screen.getByText('Loading your reports…')).toBeInTheDocument();
    await act(async () => release());
    const items = within(await screen.findByRole('list', { name: 'Generated reports' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('November check');
    expect(items[0]).toHaveTextContent('Blood Pressure Report');
    expect(items[0]).toHaveTextContent('10/23/2026 – 11/22/2026');
    expect(items[1]).toHaveTextContent('09/01/2026 – 09/30/2026');
    const generated = new Date(older.dateGenerated);
    expect(items[1]).toHaveTextContent(
      `${String(generated.getMonth() + 1).padStart(2, '0')}/${String(generated.getDate()).padStart(2, '0')}/2026`,
    );
    const view = within(items[1]!).getByRole('link', { name: /^View For Dr\. Lee/ });
    expect(view).toHaveAttribute('href', '/api/reports/3/view');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(items[1]!).getByRole('link', { name: /^Download For Dr\. Lee/ })).toHaveAttribute('href', '/api/reports/3/download');
    expect(screen.queryByText('Loading your reports…')).not.toBeInTheDocument();
  });

  it("shows 'You haven't generated any reports yet.' without reports", async () => {
    renderPage({}, []);
    expect(await screen.findByText("You haven't generated any reports yet.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Report' })).toBeDisabled();
  });

  it('offers a retry with the generic failure text when the list fails to load', async () => {
    let fail = true;
    mockFetch({
      'GET /api/user': { body: aliceUser },
      'GET /api/shares': { body: [] },
      'GET /api/reports': () => (fail ? { status: 500, body: 'boom' } : { body: [older] }),
    });
    renderWithProviders(<ReportsPage />, { route: '/reports', path: '/reports' });
    expect(await screen.findByText('Failed to process your request. Please try again.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'For Dr. Lee' })).toBeInTheDocument();
  });

  it('Email pre-selects that report in the email form and moves focus there', async () => {
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'For Dr. Lee' });
    await waitFor(() => expect(within(emailForm()).getByLabelText('Report')).toHaveValue('7'));
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    await user.click(screen.getByRole('button', { name: 'Email For Dr. Lee' }));
    expect(within(emailForm()).getByLabelText('Report')).toHaveValue('3');
    expect(screen.getByLabelText('Recipient email')).toHaveFocus();
    expect(scroll).toHaveBeenCalled();
  });

  it('deletes after confirmation, with a success toast', async () => {
    const { calls } = renderPage({ 'DELETE /api/reports/3': { body: { message: 'Report deleted' } } });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'For Dr. Lee' });
    const opener = screen.getByRole('button', { name: 'Delete For Dr. Lee' });
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete report?' });
    expect(dialog).toHaveTextContent('“For Dr. Lee” will be deleted');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(opener);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Report deleted')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'For Dr. Lee' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/reports/3']);
  });

  it("says 'Failed to delete report. Please try again.' and keeps the report when deleting fails", async () => {
    renderPage({ 'DELETE /api/reports/3': networkDown() });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'For Dr. Lee' });
    await user.click(screen.getByRole('button', { name: 'Delete For Dr. Lee' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete report. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'For Dr. Lee' })).toBeInTheDocument();
  });
});

describe('email form', () => {
  it('defaults the subject to the product health-report title and the newest report', async () => {
    renderPage();
    expect(screen.getByLabelText('Subject')).toHaveValue('Vitalog Health Report');
    await screen.findByRole('heading', { name: 'November check' });
    await waitFor(() => expect(within(emailForm()).getByLabelText('Report')).toHaveValue('7'));
    expect(screen.getByLabelText('Message (optional)')).toHaveValue('');
  });

  it('asks for a recipient and a subject when sending, without a request', async () => {
    const { calls } = renderPage();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'November check' });
    // The subject is filled in with the newest report once the list is in.
    await screen.findByDisplayValue(/^Vitalog Health Report: /);
    await user.clear(screen.getByLabelText('Subject'));
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    expect(await screen.findAllByText('Please enter a recipient email address.')).not.toHaveLength(0);
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Recipient email')).toHaveFocus();

    await user.type(screen.getByLabelText('Recipient email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter an email subject.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends reportId, email, subject and message and confirms where it went', async () => {
    const { calls } = renderPage({
      'POST /api/reports/email': { body: { message: 'The report is on its way to dr.lee@clinic.example.' } },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'For Dr. Lee' });
    await user.click(screen.getByRole('button', { name: 'Email For Dr. Lee' }));
    await user.type(screen.getByLabelText('Recipient email'), ' dr.lee@clinic.example ');
    await user.type(screen.getByLabelText('Message (optional)'), 'Readings since my last visit.');
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    expect(await screen.findByText('The report is on its way to dr.lee@clinic.example.')).toBeInTheDocument();
    expect(screen.getByText('Report sent')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/reports/email')?.body).toEqual({
      reportId: 3,
      email: 'dr.lee@clinic.example',
      // The subject names the report chosen and its period (issue 36).
      subject: 'Vitalog Health Report: Blood Pressure Report, 09/01/2026 to 09/30/2026',
      message: 'Readings since my last visit.',
    });
    expect(screen.getByLabelText('Recipient email')).toHaveValue('');
  });

  it("says 'Failed to send report. Please try again.' on failure", async () => {
    renderPage({ 'POST /api/reports/email': { status: 500, body: '' } });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'November check' });
    await user.type(screen.getByLabelText('Recipient email'), 'dr@clinic.example');
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent?.includes('Failed to send report. Please try again.'))).toBe(true);
  });

  it("shows the server's message when the daily email cap is reached (429)", async () => {
    const cap = 'You have sent 10 reports by email in the last 24 hours, the most allowed. Please try again later.';
    renderPage({ 'POST /api/reports/email': { status: 429, body: { message: cap } } });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'November check' });
    await user.type(screen.getByLabelText('Recipient email'), 'dr@clinic.example');
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent?.includes(cap))).toBe(true);
  });

  it("shows the server's message when sending needs a subscription (403)", async () => {
    const needed = 'An active subscription is required to email reports.';
    renderPage({ 'POST /api/reports/email': { status: 403, body: { code: 'subscription_required', message: needed } } });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'November check' });
    await user.type(screen.getByLabelText('Recipient email'), 'dr@clinic.example');
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent?.includes(needed))).toBe(true);
  });

  it('shows Sending... while the email is on its way', async () => {
    renderPage({ 'POST /api/reports/email': { body: { message: 'The report is on its way to dr@clinic.example.' } } });
    const release = holdRequest('POST /api/reports/email');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'November check' });
    await user.type(screen.getByLabelText('Recipient email'), 'dr@clinic.example');
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    await act(async () => release());
    expect(await screen.findByText('The report is on its way to dr@clinic.example.')).toBeInTheDocument();
  });

  it('refreshes the list when the report to send no longer exists (404)', async () => {
    let list = [newer, older];
    const { calls } = mockFetch({
      'GET /api/user': { body: aliceUser },
      'GET /api/shares': { body: [] },
      'GET /api/reports': () => ({ body: list }),
      'POST /api/reports/email': { status: 404, body: { message: 'Report not found' } },
    });
    renderWithProviders(<ReportsPage />, { route: '/reports', path: '/reports' });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'November check' });
    list = [older];
    await user.type(screen.getByLabelText('Recipient email'), 'dr@clinic.example');
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent?.includes('That report no longer exists.'))).toBe(true);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'November check' })).not.toBeInTheDocument());
    await waitFor(() => expect(within(emailForm()).getByLabelText('Report')).toHaveValue('3'));
    expect(calls.filter((c) => c.url === '/api/reports')).toHaveLength(2);
  });
});

describe('delete dialog', () => {
  it('keeps Tab inside the dialog and closes on the backdrop', async () => {
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'November check' });
    await user.click(screen.getByRole('button', { name: 'Delete November check' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete report?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
    await user.click(dialog.parentElement!);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
