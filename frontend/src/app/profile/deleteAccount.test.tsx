import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fetchMock';
import { renderWithProviders } from '../../testing/render';
import ProfilePage from './ProfilePage';
import { pageRoutes } from './profileFixtures';

vi.mock('../../lib/navigation', () => ({ fullPageNavigate: vi.fn(), submitNativeForm: vi.fn() }));
const navigation = await import('../../lib/navigation');

beforeEach(() => {
  vi.mocked(navigation.fullPageNavigate).mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

type Routes = Parameters<typeof mockFetch>[0];

function renderPage(routes: Routes = pageRoutes()): ReturnType<typeof mockFetch> {
  const mock = mockFetch(routes);
  renderWithProviders(<ProfilePage />, { route: '/profile', path: '/profile' });
  return mock;
}

function dangerZone(): HTMLElement {
  return screen.getByRole('group', { name: 'Delete account' });
}

async function openDialog(): Promise<HTMLElement> {
  const user = userEvent.setup();
  await user.click(within(dangerZone()).getByRole('button', { name: 'Delete account' }));
  return screen.getByRole('alertdialog', { name: 'Delete your account?' });
}

describe('Security: delete account', () => {
  it('explains what is deleted and what is kept', () => {
    renderPage();
    const zone = dangerZone();
    expect(within(screen.getByRole('region', { name: 'Security' })).getByRole('group', { name: 'Delete account' })).toBe(zone);
    expect(zone).toHaveTextContent(/readings, reports, preferences and every signed-in session/);
    expect(zone).toHaveTextContent(/Payment records are kept only for bookkeeping, detached from you/);
  });

  it('opens a modal dialog with focus in the password field, keeps Tab inside and closes on Escape', async () => {
    renderPage();
    const dialog = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveFocus();

    const user = userEvent.setup();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Show password: Password' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toHaveFocus();
    await user.tab();
    expect(password).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(dangerZone()).getByRole('button', { name: 'Delete account' })).toHaveFocus();
  });

  it('asks for the password before sending anything', async () => {
    const { calls } = renderPage();
    const dialog = await openDialog();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Password is required');
    expect(password).toHaveFocus();
    expect(calls.some((c) => c.url === '/api/user/delete')).toBe(false);
  });

  it("shows the server's field error for a wrong password and keeps the dialog open", async () => {
    const { calls } = renderPage(
      pageRoutes({
        'POST /api/user/delete': {
          status: 400,
          body: { message: 'Validation failed', errors: { password: 'Password is incorrect' } },
        },
      }),
    );
    const dialog = await openDialog();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Password'), 'Wrong1!x');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveAccessibleDescription('Password is incorrect'));
    expect(calls.find((c) => c.url === '/api/user/delete')?.body).toEqual({ password: 'Wrong1!x' });
    expect(navigation.fullPageNavigate).not.toHaveBeenCalled();
    // Typing again clears the server's message.
    await user.type(password, 'y');
    expect(password).not.toHaveAttribute('aria-invalid');
  });

  it('shows other failures in the dialog and as a toast', async () => {
    renderPage(pageRoutes({ 'POST /api/user/delete': { status: 500, body: { message: 'Database unavailable' } } }));
    const dialog = await openDialog();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Password'), 'Vital!ty2025');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByText('Account not deleted')).toBeInTheDocument();
  });

  it('deletes the account and leaves for the sign-in page', async () => {
    const { calls } = renderPage(
      pageRoutes({ 'POST /api/user/delete': { body: { message: 'Your account and all its data have been deleted.' } } }),
    );
    const dialog = await openDialog();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Password'), 'Vital!ty2025');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(navigation.fullPageNavigate).toHaveBeenCalledWith('/auth'));
    expect(calls.find((c) => c.url === '/api/user/delete')?.body).toEqual({ password: 'Vital!ty2025' });
  });
});
