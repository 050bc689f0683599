import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { mockFetch } from '../../testing/fetchMock';
import { renderWithProviders } from '../../testing/render';
import { usePreferences } from '../../lib/preferences';
import ProfilePage from './pages/ProfilePage';
import { pageRoutes, storedPreferences } from './profileFixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

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
    const saved = { weightUnit: 'kg', bloodSugarUnit: 'mmol/L', emailReminders: true, weeklyReports: false };
    const { calls } = renderPage(pageRoutes({ 'PATCH /api/user/preferences': { body: saved } }));
    await screen.findByRole('form', { name: 'Preferences' });
    expect(screen.getByTestId('units')).toHaveTextContent('lbs mg/dL');
    const user = userEvent.setup();
    await user.click(within(form()).getByRole('radio', { name: 'Kilograms (kg)' }));
    await user.click(within(form()).getByRole('radio', { name: 'mmol/L' }));
    await user.click(within(form()).getByRole('switch', { name: 'Email reminders' }));
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
