import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fetchMock';
import { renderWithProviders } from '../../testing/render';
import ProfilePage from './ProfilePage';
import { pageRoutes } from './profileFixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

function form(): HTMLElement {
  return screen.getByRole('form', { name: 'Change password' });
}

function renderPage(routes = pageRoutes()): ReturnType<typeof mockFetch> {
  const mock = mockFetch(routes);
  renderWithProviders(<ProfilePage />, { route: '/profile', path: '/profile' });
  return mock;
}

async function fill(current: string, next: string, confirm: string): Promise<void> {
  const user = userEvent.setup();
  if (current) await user.type(within(form()).getByLabelText('Current password'), current);
  if (next) await user.type(within(form()).getByLabelText('New password'), next);
  if (confirm) await user.type(within(form()).getByLabelText('Confirm new password'), confirm);
  await user.tab();
}

describe('Security: change password', () => {
  it('starts empty with the submit disabled and no strength meter', () => {
    renderPage();
    expect(within(form()).getByRole('button', { name: 'Change password' })).toBeDisabled();
    expect(screen.queryByTestId('password-strength')).not.toBeInTheDocument();
  });

  it('shows the strength of the new password as it is typed', async () => {
    renderPage();
    const user = userEvent.setup();
    const next = within(form()).getByLabelText('New password');
    await user.type(next, 'abc');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Password strength: Weak');
    await user.type(next, 'DEF12');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Password strength: Good');
    await user.type(next, '!');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Password strength: Strong');
  });

  it("shows the spec's messages and keeps the submit disabled while invalid", async () => {
    renderPage();
    await fill('', 'short', 'other');
    expect(within(form()).getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(within(form()).getByText('Passwords do not match.')).toBeInTheDocument();
    expect(within(form()).getByRole('button', { name: 'Change password' })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(within(form()).getByLabelText('Current password'));
    await user.tab();
    expect(within(form()).getByText('Current password is required')).toBeInTheDocument();
  });

  it('shows the complexity rule while the new password is typed, before any submit or blur', async () => {
    renderPage();
    const user = userEvent.setup();
    const field = within(form()).getByLabelText('New password');
    await user.type(field, 'password1');
    expect(field).toHaveFocus();
    expect(within(form()).getByText('Password must include uppercase, lowercase, number and special character.')).toBeInTheDocument();
    expect(within(form()).getByRole('button', { name: 'Change password' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'Passw0rd!');
    expect(within(form()).queryByText(/Password must include/)).not.toBeInTheDocument();
  });

  it('enables the submit only once everything is valid', async () => {
    renderPage();
    await fill('OldPass1!', 'NewPass1!', 'NewPass1');
    const submit = within(form()).getByRole('button', { name: 'Change password' });
    expect(submit).toBeDisabled();
    const user = userEvent.setup();
    await user.type(within(form()).getByLabelText('Confirm new password'), '!');
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('changes the password, confirms with a toast and clears the form', async () => {
    const { calls } = renderPage(
      pageRoutes({ 'POST /api/user/change-password': { body: { message: 'Your password has been changed.' } } }),
    );
    await fill('OldPass1!', 'NewPass1!', 'NewPass1!');
    const user = userEvent.setup();
    await user.click(within(form()).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText('Your password has been changed.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ currentPassword: 'OldPass1!', newPassword: 'NewPass1!' });
    await waitFor(() => expect(within(form()).getByLabelText('Current password')).toHaveValue(''));
    expect(within(form()).getByLabelText('New password')).toHaveValue('');
    expect(within(form()).getByLabelText('Confirm new password')).toHaveValue('');
    expect(within(form()).getByRole('button', { name: 'Change password' })).toBeDisabled();
  });

  it("shows the server's message when the current password is wrong", async () => {
    renderPage(
      pageRoutes({
        'POST /api/user/change-password': {
          status: 400,
          body: { message: 'Current password is incorrect', errors: { currentPassword: 'Current password is incorrect' } },
        },
      }),
    );
    await fill('WrongPass1!', 'NewPass1!', 'NewPass1!');
    const user = userEvent.setup();
    await user.click(within(form()).getByRole('button', { name: 'Change password' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(within(form()).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form()).getByLabelText('New password')).toHaveValue('NewPass1!');
    expect(screen.getByText('Password not changed')).toBeInTheDocument();
  });
});
