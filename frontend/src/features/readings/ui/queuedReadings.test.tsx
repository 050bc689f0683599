import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { payload } from '../../../testing/offlineServer';
import { AccountContext } from '../../../lib/account';
import { clearQueue, enqueue, listQueued, markRefused } from '../api/offlineQueue';
import { NOT_ACCEPTED, QueuedReadings, WAITING_TO_SYNC } from './QueuedReadings';

const USER = 9;
const units = { weightUnit: 'lbs', bloodSugarUnit: 'mg/dL' } as const;

function renderQueue(): void {
  renderWithProviders(
    <AccountContext.Provider value={{ id: USER, name: 'Alice', offline: true }}>
      <QueuedReadings units={units} />
    </AccountContext.Provider>,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearQueue(USER);
});

describe('QueuedReadings', () => {
  it('shows nothing while the queue is empty', async () => {
    renderQueue();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: /Not yet sent/ })).not.toBeInTheDocument();
  });

  it('marks each queued reading Waiting to sync with Edit and Delete, and a refused one with the message, Fix and Discard', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await enqueue(USER, payload({ systolic: 128, diastolic: 82, time: '07:30' }));
    const refused = await enqueue(USER, payload({ systolic: 131, diastolic: 85, time: '08:00' }));
    await markRefused(USER, refused.id, { status: 403, message: 'Subscription Required', fieldErrors: {} }, false);
    renderQueue();
    const region = await screen.findByRole('region', { name: /Not yet sent/ });
    expect(within(region).getByText(WAITING_TO_SYNC)).toBeInTheDocument();
    expect(within(region).getByText(NOT_ACCEPTED)).toBeInTheDocument();
    expect(within(region).getByText(/Subscription Required/)).toBeInTheDocument();
    expect(within(region).getByText('128/82 mmHg')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Edit unsent reading of 11/20/2026 07:30' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Fix unsent reading of 11/20/2026 08:00' })).toBeInTheDocument();
    // Offline there is no "Send now".
    expect(within(region).queryByRole('button', { name: 'Send now' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Discard unsent reading of 11/20/2026 08:00' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard this reading?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Reading discarded')).toBeInTheDocument();
    expect((await listQueued(USER)).map((item) => item.payload.systolic)).toEqual([128]);
    expect(screen.queryByText(NOT_ACCEPTED)).not.toBeInTheDocument();
  });
});
