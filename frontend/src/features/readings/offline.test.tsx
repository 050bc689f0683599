import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, networkDown } from '../../testing/fetchMock';
import { setPresenceCookie } from '../../testing/fixtures';
import { payload } from '../../testing/offlineServer';
import { renderWithProviders } from '../../testing/render';
import { AccountContext } from '../../lib/account';
import { clearQueue, enqueue, listQueued, markRefused } from './api/offlineQueue';
import { clearOfflineProfile, writeOfflineProfile } from '../../lib/offlineProfile';
import RecordVitalsPage from './pages/RecordVitalsPage';

const USER = 7;
const active = { body: { isActive: true, expiresAt: '2027-11-01T00:00:00Z' } };
const prefs = { body: { weightUnit: 'lbs', bloodSugarUnit: 'mg/dL', emailReminders: false, weeklyReports: false } };

function Page(): ReactElement {
  return (
    <AccountContext.Provider value={{ id: USER, name: 'Alice', offline: false }}>
      <RecordVitalsPage />
    </AccountContext.Provider>
  );
}

function renderPage(route = '/vitals'): void {
  renderWithProviders(<Page />, {
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

function goOffline(): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
}

beforeEach(() => setPresenceCookie());

afterEach(async () => {
  vi.unstubAllGlobals();
  clearOfflineProfile();
  await clearQueue(USER);
});

describe('Record Vitals without a connection', () => {
  it('saves on this device in the units of the kept profile, says so, and sends nothing', async () => {
    goOffline();
    writeOfflineProfile({ id: USER, displayName: 'Alice', weightUnit: 'kg', bloodSugarUnit: 'mg/dL', timeZone: 'UTC' });
    const { calls } = mockFetch({
      'GET /api/user/preferences': networkDown(),
      'GET /api/user/subscription': networkDown(),
    });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Systolic (mmHg)'), '128');
    await user.type(screen.getByLabelText('Diastolic (mmHg)'), '82');
    await user.type(screen.getByLabelText('Weight (kg)'), '70');
    await user.click(screen.getByRole('button', { name: 'Save Reading' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(screen.getByText('Saved on this device')).toBeInTheDocument();
    const [item] = await listQueued(USER);
    expect(item?.payload).toMatchObject({ systolic: 128, diastolic: 82 });
    expect(item?.payload.weight).toBeCloseTo(154.32, 1);
    expect(item?.sentPayload).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('queues a reading whose POST got no answer with the key it was sent with (the server may have it)', async () => {
    const { calls } = mockFetch({
      'GET /api/user/preferences': prefs,
      'GET /api/user/subscription': active,
      'POST /api/readings': networkDown(),
    });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Systolic (mmHg)'), '128');
    await user.type(screen.getByLabelText('Diastolic (mmHg)'), '82');
    await user.click(screen.getByRole('button', { name: 'Save Reading' }));
    expect(await screen.findByText('Saved on this device')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    const [item] = await listQueued(USER);
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(item?.key).toBe(post?.headers['Idempotency-Key']);
    expect(item?.sentPayload).toEqual(item?.payload);
  });

  it('keeps one reading when Save is pressed twice at once', async () => {
    goOffline();
    writeOfflineProfile({ id: USER, displayName: 'Alice', weightUnit: 'lbs', bloodSugarUnit: 'mg/dL', timeZone: 'UTC' });
    mockFetch({ 'GET /api/user/preferences': networkDown(), 'GET /api/user/subscription': networkDown() });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Systolic (mmHg)'), '128');
    await user.type(screen.getByLabelText('Diastolic (mmHg)'), '82');
    const save = screen.getByRole('button', { name: 'Save Reading' });
    fireEvent.click(save);
    fireEvent.click(save);
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(await listQueued(USER)).toHaveLength(1);
  });
});

describe('a queued reading', () => {
  it('opens with the server refusal and its field error, and Fix puts it back in line', async () => {
    mockFetch({ 'GET /api/user/preferences': prefs, 'GET /api/user/subscription': active });
    const item = await enqueue(USER, payload({ systolic: 300, diastolic: 80 }));
    await markRefused(
      USER,
      item.id,
      { status: 400, message: 'Invalid reading', fieldErrors: { systolic: 'Systolic must be less than 250' } },
      true,
    );
    renderPage(`/vitals?queued=${item.id}`);
    expect(await screen.findByText('Invalid reading')).toBeInTheDocument();
    expect(screen.getByText('Systolic must be less than 250')).toBeInTheDocument();
    const user = userEvent.setup();
    const systolic = screen.getByLabelText('Systolic (mmHg)');
    await user.clear(systolic);
    await user.type(systolic, '130');
    await user.click(screen.getByRole('button', { name: 'Update Reading' }));
    expect(await screen.findByText('history page')).toBeInTheDocument();
    const [fixed] = await listQueued(USER);
    expect(fixed?.payload.systolic).toBe(130);
    expect(fixed?.refusal).toBeNull();
  });

  it('says so when it was sent or deleted meanwhile', async () => {
    mockFetch({ 'GET /api/user/preferences': prefs, 'GET /api/user/subscription': active });
    renderPage('/vitals?queued=999');
    expect(await screen.findByText('This reading is no longer waiting on this device')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Update Reading' })).not.toBeInTheDocument());
  });
});
