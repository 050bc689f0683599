import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { payload } from '../testing/offlineServer';
import { clearQueue, countQueued, enqueue } from '../features/readings/api/offlineQueue';
import * as navigation from '../lib/navigation';
import { unsentWarning, useSignOut } from './useSignOut';

const USER = 11;

function SignOutButton(): ReactElement {
  const { signOut, dialog } = useSignOut(USER);
  return (
    <>
      <button type="button" onClick={signOut}>
        Logout
      </button>
      {dialog}
    </>
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearQueue(USER);
});

describe('signing out with readings on this device', () => {
  it('warns with how many are unsent; Cancel keeps them, confirming discards them and signs out', async () => {
    const submit = vi.spyOn(navigation, 'submitNativeForm').mockImplementation(() => undefined);
    await enqueue(USER, payload({ systolic: 121 }));
    await enqueue(USER, payload({ systolic: 122 }));
    renderWithProviders(<SignOutButton />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Unsent readings' });
    expect(dialog).toHaveTextContent('2 readings on this device have not been sent. Sign out and discard them?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(submit).not.toHaveBeenCalled();
    expect(await countQueued(USER)).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Unsent readings' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out and discard' }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalledWith('/api/logout', { redirect: '/auth' }));
    expect(await countQueued(USER)).toBe(0);
  });

  it('signs out at once with nothing queued, and explains offline that it needs a connection', async () => {
    const submit = vi.spyOn(navigation, 'submitNativeForm').mockImplementation(() => undefined);
    renderWithProviders(<SignOutButton />);
    const user = userEvent.setup();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText("You're offline")).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalled());
  });

  it('words one reading in the singular', () => {
    expect(unsentWarning(1)).toBe('1 reading on this device has not been sent. Sign out and discard it?');
  });
});
