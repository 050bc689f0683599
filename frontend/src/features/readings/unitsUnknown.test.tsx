import { Route } from 'react-router-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockResponse } from '../../testing/fetchMock';
import { setPresenceCookie } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { UNITS_UNKNOWN_MESSAGE, UNITS_UNKNOWN_SAVE_BLOCKED } from '../../lib/preferences';
import RecordVitalsPage from './pages/RecordVitalsPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const active: MockResponse = { body: { isActive: true, expiresAt: '2027-11-01T00:00:00Z' } };
const kg: MockResponse = { body: { weightUnit: 'kg', bloodSugarUnit: 'mmol/L', emailReminders: false, weeklyReports: false } };

function renderPage(): void {
  renderWithProviders(<RecordVitalsPage />, {
    route: '/vitals',
    path: '/vitals',
    extraRoutes: <Route path="/" element={<p>dashboard page</p>} />,
  });
}

describe('unit preferences that failed to load', () => {
  it('says so in the reading form, refuses a weight, and loads them on Retry', async () => {
    setPresenceCookie();
    let preferences: MockResponse = { status: 500, body: { message: 'Server error' } };
    const { calls } = mockFetch({
      'GET /api/user/preferences': () => preferences,
      'GET /api/user/subscription': active,
      'POST /api/readings': { status: 201, body: {} },
    });
    renderPage();
    const warning = await screen.findByText(UNITS_UNKNOWN_MESSAGE);
    expect(UNITS_UNKNOWN_MESSAGE).toBe('Your unit preferences could not be loaded; values are shown in lbs and mg/dL.');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Weight (lbs)'), '170');
    await user.click(screen.getByRole('button', { name: 'Save Reading' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNITS_UNKNOWN_SAVE_BLOCKED);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    preferences = kg;
    const status = warning.closest('[role="status"]') as HTMLElement;
    await user.click(within(status).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Weight (kg)')).toBeInTheDocument();
    expect(screen.queryByText(UNITS_UNKNOWN_MESSAGE)).not.toBeInTheDocument();
  });

  it('still saves a reading without weight or blood sugar (their units are fixed)', async () => {
    setPresenceCookie();
    const { calls } = mockFetch({
      'GET /api/user/preferences': { status: 500, body: { message: 'Server error' } },
      'GET /api/user/subscription': active,
      'POST /api/readings': { status: 201, body: {} },
      'GET /api/readings': { body: [] },
    });
    renderPage();
    await screen.findByText(UNITS_UNKNOWN_MESSAGE);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Heart rate (bpm)'), '70');
    await user.click(screen.getByRole('button', { name: 'Save Reading' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
