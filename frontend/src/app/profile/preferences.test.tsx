import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { mockFetch } from '../../testing/fetchMock';
import { renderWithProviders } from '../../testing/render';
import { usePreferences } from '../../lib/preferences';
import ProfilePage from './ProfilePage';
import { pageRoutes, storedPreferences } from './profileFixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Pretends the browser is in `zone`: formats without an explicit zone use it. */
function browserZone(zone: string): void {
  const Original = Intl.DateTimeFormat;
  // A `function`, not an arrow: the page also calls it with `new`.
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
    locales?: Intl.LocalesArgument,
    options?: Intl.DateTimeFormatOptions,
  ) {
    return new Original(locales, { timeZone: zone, ...options });
  });
}

/** Another screen reading the shared preferences (e.g. the dashboard's units). */
function UnitsProbe(): ReactElement {
  const { preferences } = usePreferences();
  return <p data-testid="units">{`${preferences.weightUnit} ${preferences.bloodSugarUnit}`}</p>;
}

function form(): HTMLElement {
  return screen.getByRole('form', { name: 'Preferences' });
}

function renderPage(routes = pageRoutes()): ReturnType<typeof mockFetch> {
  const mock = mockFetch(routes);
  renderWithProviders(
    <>
      <ProfilePage />
      <UnitsProbe />
    </>,
    { route: '/profile', path: '/profile' },
  );
  return mock;
}

describe('Preferences', () => {
  it('shows a skeleton, then the stored units and toggles', async () => {
    renderPage(pageRoutes({ 'GET /api/user/preferences': { body: { ...storedPreferences, weeklyReports: true } } }));
    expect(screen.getByText('Loading preferences…')).toBeInTheDocument();
    await screen.findByRole('form', { name: 'Preferences' });
    expect(within(form()).getByRole('radio', { name: 'Pounds (lbs)' })).toBeChecked();
    expect(within(form()).getByRole('radio', { name: 'mg/dL' })).toBeChecked();
    expect(within(form()).getByRole('switch', { name: 'Email reminders' })).not.toBeChecked();
    expect(within(form()).getByRole('switch', { name: 'Weekly reports' })).toBeChecked();
  });

  it('enables Save only when changed', async () => {
    renderPage();
    await screen.findByRole('form', { name: 'Preferences' });
    const save = within(form()).getByRole('button', { name: 'Save preferences' });
    expect(save).toBeDisabled();
    const user = userEvent.setup();
    await user.click(within(form()).getByRole('radio', { name: 'Kilograms (kg)' }));
    expect(save).toBeEnabled();
    await user.click(within(form()).getByRole('radio', { name: 'Pounds (lbs)' }));
    expect(save).toBeDisabled();
  });

  it('saves, updates the shared cache at once and confirms', async () => {
    const saved = {
      weightUnit: 'kg',
      bloodSugarUnit: 'mmol/L',
      emailReminders: true,
      weeklyReports: false,
      reminderTime: '20:00',
      timeZone: 'UTC',
      guideline: 'esh-2023',
    };
    const { calls } = renderPage(pageRoutes({ 'PATCH /api/user/preferences': { body: saved } }));
    await screen.findByRole('form', { name: 'Preferences' });
    expect(screen.getByTestId('units')).toHaveTextContent('lbs mg/dL');
    const user = userEvent.setup();
    await user.click(within(form()).getByRole('radio', { name: 'Kilograms (kg)' }));
    await user.click(within(form()).getByRole('radio', { name: 'mmol/L' }));
    await user.click(within(form()).getByRole('switch', { name: 'Email reminders' }));
    // Issue 35: the person's guideline, one of the three in rules.json.
    const guideline = within(form()).getByRole('combobox', { name: 'Guideline' });
    expect(within(guideline).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['acc-aha-2025', 'esh-2023', 'esc-2024']);
    await user.selectOptions(guideline, 'esh-2023');
    await user.click(within(form()).getByRole('button', { name: 'Save preferences' }));

    expect(await screen.findByText('Preferences saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual(saved);
    expect(screen.getByTestId('units')).toHaveTextContent('kg mmol/L');
    expect(calls.filter((c) => c.url === '/api/user/preferences' && c.method === 'GET')).toHaveLength(1);
    await waitFor(() => expect(within(form()).getByRole('button', { name: 'Save preferences' })).toBeDisabled());
    expect(within(form()).getByRole('switch', { name: 'Email reminders' })).toBeChecked();
  });

  it("shows the server's message when saving fails", async () => {
    renderPage(
      pageRoutes({
        'PATCH /api/user/preferences': { status: 400, body: { message: 'Weight unit must be lbs or kg.' } },
      }),
    );
    await screen.findByRole('form', { name: 'Preferences' });
    const user = userEvent.setup();
    await user.click(within(form()).getByRole('switch', { name: 'Weekly reports' }));
    await user.click(within(form()).getByRole('button', { name: 'Save preferences' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Weight unit must be lbs or kg.');
    expect(screen.getByText('Preferences not saved')).toBeInTheDocument();
    expect(screen.getByTestId('units')).toHaveTextContent('lbs mg/dL');
  });

  it('offers a retry when the preferences cannot be loaded', async () => {
    renderPage(pageRoutes({ 'GET /api/user/preferences': { status: 500, body: { message: 'boom' } } }));
    expect(await screen.findByText("We couldn't load your preferences.")).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});

describe('Preferences: reminder time and time zone', () => {
  it('shows the reminder time only while email reminders are on, and saves it', async () => {
    const saved = { ...storedPreferences, emailReminders: true, reminderTime: '07:30' };
    const { calls } = renderPage(pageRoutes({ 'PATCH /api/user/preferences': { body: saved } }));
    await screen.findByRole('form', { name: 'Preferences' });
    expect(within(form()).queryByLabelText('Reminder time')).not.toBeInTheDocument();
    expect(within(form()).getByRole('switch', { name: 'Email reminders' })).toHaveAccessibleDescription(
      'An email at your reminder time on days you have not recorded a reading yet.',
    );
    expect(within(form()).getByRole('switch', { name: 'Weekly reports' })).toHaveAccessibleDescription(
      'A weekly summary email with your PDF report attached.',
    );
    expect(within(form()).getByText(/one-click unsubscribe link/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(form()).getByRole('switch', { name: 'Email reminders' }));
    const time = within(form()).getByLabelText('Reminder time');
    expect(time).toHaveValue('20:00');
    fireEvent.change(time, { target: { value: '07:30' } });
    await user.click(within(form()).getByRole('button', { name: 'Save preferences' }));

    expect(await screen.findByText('Preferences saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual(saved);
    await waitFor(() => expect(within(form()).getByRole('button', { name: 'Save preferences' })).toBeDisabled());
    expect(within(form()).getByLabelText('Reminder time')).toHaveValue('07:30');
  });

  it("refuses an empty reminder time and shows the server's field errors", async () => {
    const { calls } = renderPage(
      pageRoutes({
        'GET /api/user/preferences': { body: { ...storedPreferences, emailReminders: true } },
        'PATCH /api/user/preferences': {
          status: 400,
          body: {
            message: 'Validation failed',
            errors: { timeZone: 'Time zone must be a time zone name like Europe/Paris.' },
          },
        },
      }),
    );
    await screen.findByRole('form', { name: 'Preferences' });
    const time = within(form()).getByLabelText('Reminder time');
    fireEvent.change(time, { target: { value: '' } });
    const user = userEvent.setup();
    await user.click(within(form()).getByRole('button', { name: 'Save preferences' }));
    await waitFor(() =>
      expect(within(form()).getByLabelText('Reminder time')).toHaveAccessibleDescription(
        'Reminder time must be a time like 20:00.',
      ),
    );
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(within(form()).getByLabelText('Reminder time'), { target: { value: '06:45' } });
    await user.selectOptions(within(form()).getByLabelText('Time zone'), 'Asia/Tokyo');
    await user.click(within(form()).getByRole('button', { name: 'Save preferences' }));
    const zone = within(form()).getByLabelText('Time zone');
    await waitFor(() =>
      expect(zone).toHaveAccessibleDescription(expect.stringContaining('Time zone must be a time zone name like Europe/Paris.')),
    );
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ reminderTime: '06:45', timeZone: 'Asia/Tokyo' });
  });

  it("offers the browser's time zone when it differs from the stored one", async () => {
    browserZone('Europe/Paris');
    const saved = { ...storedPreferences, timeZone: 'Europe/Paris' };
    const { calls } = renderPage(pageRoutes({ 'PATCH /api/user/preferences': { body: saved } }));
    await screen.findByRole('form', { name: 'Preferences' });
    const zone = within(form()).getByLabelText('Time zone');
    expect(zone).toHaveValue('UTC');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    const user = userEvent.setup();
    await user.click(within(form()).getByRole('button', { name: 'Use Europe/Paris' }));
    expect(zone).toHaveValue('Europe/Paris');
    expect(within(form()).queryByRole('button', { name: 'Use Europe/Paris' })).not.toBeInTheDocument();
    await user.click(within(form()).getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Preferences saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual(saved);
  });

  it("offers nothing when the stored time zone is the browser's", async () => {
    browserZone('America/New_York');
    renderPage(pageRoutes({ 'GET /api/user/preferences': { body: { ...storedPreferences, timeZone: 'America/New_York' } } }));
    await screen.findByRole('form', { name: 'Preferences' });
    expect(within(form()).getByLabelText('Time zone')).toHaveValue('America/New_York');
    expect(within(form()).queryByRole('button', { name: /^Use / })).not.toBeInTheDocument();
  });

  it('treats another name of the same zone as the same zone', async () => {
    browserZone('Asia/Calcutta');
    renderPage(pageRoutes({ 'GET /api/user/preferences': { body: { ...storedPreferences, timeZone: 'Asia/Kolkata' } } }));
    await screen.findByRole('form', { name: 'Preferences' });
    expect(within(form()).getByLabelText('Time zone')).toHaveValue('Asia/Kolkata');
    expect(within(form()).queryByRole('button', { name: /^Use / })).not.toBeInTheDocument();
  });

  it('turning reminders off puts back an invalid hidden reminder time', async () => {
    const { calls } = renderPage(
      pageRoutes({
        'GET /api/user/preferences': { body: { ...storedPreferences, emailReminders: true, reminderTime: '21:30' } },
        'PATCH /api/user/preferences': { body: { ...storedPreferences, reminderTime: '21:30' } },
      }),
    );
    await screen.findByRole('form', { name: 'Preferences' });
    fireEvent.change(within(form()).getByLabelText('Reminder time'), { target: { value: '' } });
    await waitFor(() =>
      expect(within(form()).getByLabelText('Reminder time')).toHaveAttribute('aria-invalid', 'true'),
    );
    const user = userEvent.setup();
    await user.click(within(form()).getByRole('switch', { name: 'Email reminders' }));
    await user.click(within(form()).getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Preferences saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ emailReminders: false, reminderTime: '21:30' });
  });
});

describe('Bluetooth cuffs (issue 39)', () => {
  it('lists a remembered cuff with its last sync and slot, and Forget removes it', async () => {
    let forgotten = false;
    const cuff = {
      id: 'aB/c+d9==',
      name: 'BLESmart_0000',
      maker: 'OMRON',
      model: 'HEM-7600T',
      userSlot: 2,
      lastSyncAt: '2026-11-30T07:10:00Z',
      createdAt: '2026-11-01T08:00:00Z',
    };
    const mock = renderPage(
      pageRoutes({
        'GET /api/cuffs': () => ({ body: forgotten ? [] : [cuff] }),
        'DELETE /api/cuffs/aB%2Fc%2Bd9%3D%3D': () => {
          forgotten = true;
          return { status: 204 };
        },
      }),
    );
    const list = await screen.findByRole('list', { name: 'Your Bluetooth cuffs' });
    expect(within(list).getByText('OMRON HEM-7600T')).toBeInTheDocument();
    expect(list).toHaveTextContent('Last sync 11/30/2026 · you are user 2');
    await userEvent.click(within(list).getByRole('button', { name: 'Forget OMRON HEM-7600T' }));
    await screen.findByText(/No cuff yet/);
    expect(mock.calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/api/cuffs/aB%2Fc%2Bd9%3D%3D'))).toBe(true);
  });
});
