import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NeedsConnection } from './NeedsConnection';
import { OfflineBanner } from './OfflineBanner';
import { UpdatePrompt } from './UpdatePrompt';
import { announceUpdate } from '../../lib/serviceWorker';

/** Sets navigator.onLine and fires the event the browser would. */
function goOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  act(() => announceUpdate(false));
});

describe('NeedsConnection', () => {
  it('says what needs the connection and that it will load later', () => {
    render(<NeedsConnection title="Reports">Readings you record are kept.</NeedsConnection>);
    const card = screen.getByRole('region', { name: "You're offline" });
    expect(card).toHaveTextContent("Reports needs a connection; it will load when you're back.");
    expect(card).toHaveTextContent('Readings you record are kept.');
  });
});

describe('OfflineBanner', () => {
  it('is a status while the browser is offline, and gone online', () => {
    render(<OfflineBanner>Pages that need the server will load when you&apos;re back.</OfflineBanner>);
    expect(screen.queryByRole('status')).toBeNull();
    goOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(
      "You're offline. Pages that need the server will load when you're back.",
    );
    goOnline(true);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('UpdatePrompt', () => {
  it('offers a reload once a new version waits, and Later hides it', async () => {
    const user = userEvent.setup();
    render(<UpdatePrompt />);
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    act(() => announceUpdate());
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available');
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it('reloads the page when no worker is registered (another tab already updated)', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    render(<UpdatePrompt />);
    act(() => announceUpdate());
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Reloading…' })).toBeDisabled();
  });
});
