import { Route } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockResponse, type RecordedCall } from '../../testing/fetchMock';
import { setPresenceCookie } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import type { Reading } from './api/readings';
import { toIsoDate } from '../../lib/dates';
import RecordVitalsPage from './pages/RecordVitalsPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const prefs = (weightUnit = 'lbs', bloodSugarUnit = 'mg/dL'): MockResponse => ({
  body: { weightUnit, bloodSugarUnit, emailReminders: false, weeklyReports: false },
});
const active: MockResponse = { body: { isActive: true, expiresAt: '2027-11-01T00:00:00Z' } };
const inactive: MockResponse = { body: { isActive: false, expiresAt: null } };

const stored: Reading = {
  id: 5,
  date: '2026-11-20',
  time: '07:45',
  systolic: 128,
  diastolic: 84,
  heartRate: 66,
  weight: 165.3456,
  bloodSugar: 100.89,
  notes: 'after coffee',
  severe: false,
  session: null,
  setting: 'home',
  source: 'manual',
  device: null,
  flags: [],
  original: null,
};

function renderPage(route = '/vitals'): ReturnType<typeof renderWithProviders> {
  return renderWithProviders(<RecordVitalsPage />, {
    route,
    path: '/vitals',
    extraRoutes: (
      <>
        <Route path="/" element={<p>dashboard page</p>} />
        <Route path="/history" element={<p>history page</p>} />
      </>
    ),
  });
}

const posted = (calls: RecordedCall[], method: string): RecordedCall | undefined => calls.find((c) => c.method === method);

describe('Record Vitals', () => {
  it('shows the empty form with today and now, units from the preferences and Save Reading', async () => {
    setPresenceCookie();
    mockFetch({ 'GET /api/user/preferences': prefs('kg', 'mmol/L'), 'GET /api/user/subscription': active });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Record Vitals' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Weight (kg)')).toHaveAttribute('step', '0.1');
    expect(screen.getByLabelText('Blood sugar (mmol/L)')).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue(toIsoDate(new Date()));
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toMatch(/^\d{2}:\d{2}$/);
    expect(screen.getByRole('button', { name: 'Save Reading' })).toBeInTheDocument();
  });

  it('shows the spec messages and does not send an invalid form', async () => {
    setPresenceCookie();
    const { calls } = mockFetch({ 'GET /api/user/preferences': prefs(), 'GET /api/user/subscription': active });
    renderPage();
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Date'));
    await user.clear(screen.getByLabelText('Time'));
    await user.type(screen.getByLabelText('Systolic (mmHg)'), '69');
    await user.type(screen.getByLabelText('Diastolic (mmHg)'), '151');
    await user.type(screen.getByLabelText('Weight (lbs)'), '500.1');
    await user.click(screen.getByRole('button', { name: 'Save Reading' }));
    expect(await screen.findByText('Date is required')).toBeInTheDocument();
    expect(screen.getByText('Time is required')).toBeInTheDocument();
    expect(screen.getByText('Systolic must be at least 70')).toBeInTheDocument();
    expect(screen.getByText('Diastolic must be less than 150')).toBeInTheDocument();
    expect(screen.getByText('Weight must be less than 500')).toBeInTheDocument();
    expect(posted(calls, 'POST')).toBeUndefined();
  });

  it('asks for at least one measurement', async () => {
    setPresenceCookie();
    const { calls } = mockFetch({ 'GET /api/user/preferences': prefs(), 'GET /api/user/subscription': active });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save Reading' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter at least one measurement');
    expect(posted(calls, 'POST')).toBeUndefined();
  });

  it('saves with null for empty fields, shows Saving... and a toast, then goes to the dashboard', async () => {
    setPresenceCookie();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = mockFetch({
      'GET /api/user/preferences': prefs('kg', 'mmol/L'),
      'GET /api/user/subscription': active,
      'POST /api/readings': { status: 201, body: { ...stored, id: 9 } },
    });
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await gate;
      return original(input, init);
    });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Systolic (mmHg)'), '185');
    await user.type(screen.getByLabelText('Diastolic (mmHg)'), '85');
    expect(screen.getByLabelText('Blood pressure category: Hypertensive Crisis (ACC/AHA 2025)')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Weight (kg)'), '226.8');
    await user.type(screen.getByLabelText('Blood sugar (mmol/L)'), '5.6');
    await user.click(screen.getByRole('button', { name: 'Save Reading' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(screen.getByText('Reading saved')).toBeInTheDocument();
    expect(posted(calls, 'POST')?.body).toEqual({
      date: toIsoDate(new Date()),
      time: expect.stringMatching(/^\d{2}:\d{2}$/),
      systolic: 185,
      diastolic: 85,
      heartRate: null,
      weight: 500,
      bloodSugar: 100.89,
      notes: null,
      setting: 'home',
    });
  });

  it('sends where the reading was taken: Home by default, At the clinic when chosen (issue 35)', async () => {
    setPresenceCookie();
    const { calls } = mockFetch({
      'GET /api/user/preferences': prefs(),
      'GET /api/user/subscription': active,
      'POST /api/readings': { status: 201, body: { ...stored, id: 9, setting: 'office' } },
    });
    renderPage();
    const user = userEvent.setup();
    const where = await screen.findByRole('group', { name: 'Where was this taken?' });
    expect(within(where).getByRole('radio', { name: 'Home' })).toBeChecked();
    await user.click(within(where).getByRole('radio', { name: 'At the clinic' }));
    await user.type(screen.getByLabelText('Systolic (mmHg)'), '142');
    await user.type(screen.getByLabelText('Diastolic (mmHg)'), '91');
    await user.click(screen.getByRole('button', { name: 'Save Reading' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(posted(calls, 'POST')?.body).toMatchObject({ systolic: 142, diastolic: 91, setting: 'office' });
  });

  it('Cancel resets the form when recording', async () => {
    setPresenceCookie();
    mockFetch({ 'GET /api/user/preferences': prefs(), 'GET /api/user/subscription': active });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Heart rate (bpm)'), '72');
    await user.type(screen.getByLabelText('Notes'), 'walk');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Heart rate (bpm)')).toHaveValue(null);
    expect(screen.getByLabelText('Notes')).toHaveValue('');
    expect(screen.getByTestId('location')).toHaveTextContent('/vitals');
  });

  it('warns and blocks submit with a Subscription Required toast when the subscription is inactive', async () => {
    setPresenceCookie();
    const { calls } = mockFetch({ 'GET /api/user/preferences': prefs(), 'GET /api/user/subscription': inactive });
    renderPage();
    const alert = await screen.findByText('Subscription Required', { selector: '.alert-title' });
    expect(within(alert.closest('.alert') as HTMLElement).getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute(
      'href',
      '/profile#profile-subscription',
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Heart rate (bpm)'), '72');
    await user.click(screen.getByRole('button', { name: 'Save Reading' }));
    const toast = await screen.findByText('Subscription Required', { selector: '.toast-title' });
    expect(toast).toBeInTheDocument();
    expect(posted(calls, 'POST')).toBeUndefined();
  });

  it('asks the server again before blocking: a subscription paid meanwhile lets the reading through', async () => {
    setPresenceCookie();
    let asked = 0;
    const { calls } = mockFetch({
      'GET /api/user/preferences': prefs(),
      'GET /api/user/subscription': () => {
        asked += 1;
        return asked === 1 ? inactive : active;
      },
      'POST /api/readings': { status: 201, body: stored },
    });
    renderPage();
    const user = userEvent.setup();
    await screen.findByText('Subscription Required', { selector: '.alert-title' });
    await user.type(screen.getByLabelText('Heart rate (bpm)'), '72');
    await user.click(screen.getByRole('button', { name: 'Save Reading' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(posted(calls, 'POST')).toBeDefined();
  });

  it('says the user must be logged in when the session is gone', async () => {
    const { calls } = mockFetch({ 'GET /api/user/preferences': prefs(), 'GET /api/user/subscription': active });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Heart rate (bpm)'), '72');
    await user.click(screen.getByRole('button', { name: 'Save Reading' }));
    expect(await screen.findByText('You must be logged in to record vitals.')).toBeInTheDocument();
    expect(posted(calls, 'POST')).toBeUndefined();
  });

  it('shows the failure message and the server field errors', async () => {
    setPresenceCookie();
    mockFetch({
      'GET /api/user/preferences': prefs(),
      'GET /api/user/subscription': active,
      'POST /api/readings': { status: 400, body: { message: 'Invalid', errors: { notes: 'Notes must be at most 1000 characters' } } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Heart rate (bpm)'), '72');
    await user.click(screen.getByRole('button', { name: 'Save Reading' }));
    expect(await screen.findByText('Notes must be at most 1000 characters')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to record vitals. Please try again.').length).toBeGreaterThan(0);
  });

  it('edit mode loads the reading, keeps unchanged converted values exact, and updates', async () => {
    setPresenceCookie();
    const { calls } = mockFetch({
      'GET /api/user/preferences': prefs('kg', 'mmol/L'),
      'GET /api/user/subscription': active,
      'GET /api/readings/5': { body: stored },
      'PATCH /api/readings/5': { body: stored },
    });
    renderPage('/vitals?edit=5');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Reading' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Weight (kg)')).toHaveValue(75);
    expect(screen.getByLabelText('Blood sugar (mmol/L)')).toHaveValue(5.6);
    expect(screen.getByLabelText('Date')).toHaveValue('2026-11-20');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Heart rate (bpm)'));
    await user.type(screen.getByLabelText('Heart rate (bpm)'), '70');
    await user.click(screen.getByRole('button', { name: 'Update Reading' }));
    expect(await screen.findByText('history page')).toBeInTheDocument();
    expect(posted(calls, 'PATCH')?.body).toEqual({
      date: '2026-11-20',
      time: '07:45',
      systolic: 128,
      diastolic: 84,
      heartRate: 70,
      weight: 165.3456,
      bloodSugar: 100.89,
      notes: 'after coffee',
      setting: 'home',
    });
  });

  it('edit mode shows a clinic reading as taken at the clinic and can make it a home one', async () => {
    setPresenceCookie();
    const clinic: Reading = { ...stored, setting: 'office' };
    const { calls } = mockFetch({
      'GET /api/user/preferences': prefs(),
      'GET /api/user/subscription': active,
      'GET /api/readings/5': { body: clinic },
      'PATCH /api/readings/5': { body: stored },
    });
    renderPage('/vitals?edit=5');
    const user = userEvent.setup();
    const clinicChoice = await screen.findByRole('radio', { name: 'At the clinic' });
    await waitFor(() => expect(clinicChoice).toBeChecked());
    await user.click(screen.getByRole('radio', { name: 'Home' }));
    await user.click(screen.getByRole('button', { name: 'Update Reading' }));
    expect(await screen.findByText('history page')).toBeInTheDocument();
    expect(posted(calls, 'PATCH')?.body).toMatchObject({ setting: 'home' });
  });

  it('edit mode: Cancel goes to /history; a failed update says so', async () => {
    setPresenceCookie();
    mockFetch({
      'GET /api/user/preferences': prefs(),
      'GET /api/user/subscription': active,
      'GET /api/readings/5': { body: stored },
      'PATCH /api/readings/5': { status: 500, body: { message: 'Internal error' } },
    });
    renderPage('/vitals?edit=5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update Reading' }));
    expect((await screen.findAllByText('Failed to update vitals. Please try again.')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/history'));
  });

  it('an edit query that is not a number records a new reading', async () => {
    setPresenceCookie();
    const { calls } = mockFetch({ 'GET /api/user/preferences': prefs(), 'GET /api/user/subscription': active });
    renderPage('/vitals?edit=abc');
    expect(screen.getByRole('heading', { level: 1, name: 'Record Vitals' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save Reading' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/readings/'))).toBe(false);
  });
});
