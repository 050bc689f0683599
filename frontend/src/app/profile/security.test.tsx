import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fetchMock';
import { renderWithProviders } from '../../testing/render';
import ProfilePage from './ProfilePage';
import { pageRoutes, signedInHere, signedInPhone } from './profileFixtures';

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

describe("Security: where you're signed in", () => {
  const devices = (): HTMLElement => screen.getByRole('group', { name: "Where you're signed in" });

  it('lists each session with its device and network, this device marked and without Sign out', async () => {
    renderPage(pageRoutes({ 'GET /api/sessions': { body: { sessions: [signedInHere, signedInPhone] } } }));
    const list = await within(devices()).findByRole('list', { name: 'Signed-in sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Chrome on macOS');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('from network 203.0.113.0/24');
    expect(within(rows[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Safari on iPhone');
    expect(rows[1]).not.toHaveTextContent('This device');
    // Midday UTC: the same date in every time zone the tests may run in.
    expect(rows[1]).toHaveTextContent('Signed in 11/20/2026');
    expect(rows[1]).toHaveTextContent('Last active');
  });

  it('signs another session out, confirms it, and lists the sessions again', async () => {
    let sessions = [signedInHere, signedInPhone];
    const { calls } = renderPage(
      pageRoutes({
        'GET /api/sessions': () => ({ body: { sessions } }),
        'DELETE /api/sessions/phone': () => {
          sessions = [signedInHere];
          return { status: 204 };
        },
      }),
    );
    const user = userEvent.setup();
    await user.click(await within(devices()).findByRole('button', { name: /^Sign out Safari on iPhone/ }));
    expect(await screen.findByText('Safari on iPhone is signed out of your account.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/sessions/phone')).toBe(true);
    await waitFor(() => expect(within(devices()).getAllByRole('listitem')).toHaveLength(1));
    expect(within(devices()).getByText('You are signed in on this device only.')).toBeInTheDocument();
    // The pressed button is gone: focus goes to the list's heading, not the page's start.
    expect(screen.getByRole('heading', { name: "Where you're signed in" })).toHaveFocus();
  });

  it('takes a session that ended meanwhile as signed out', async () => {
    let sessions = [signedInHere, signedInPhone];
    renderPage(
      pageRoutes({
        'GET /api/sessions': () => ({ body: { sessions } }),
        'DELETE /api/sessions/phone': () => {
          sessions = [signedInHere];
          return { status: 404, body: { code: 'not_found', message: 'Not found' } };
        },
      }),
    );
    const user = userEvent.setup();
    await user.click(await within(devices()).findByRole('button', { name: /^Sign out Safari on iPhone/ }));
    expect(await screen.findByText('Safari on iPhone was no longer signed in.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(within(devices()).getAllByRole('listitem')).toHaveLength(1));
  });

  it('lists the sessions again after a password change, which ended the others', async () => {
    let sessions = [signedInHere, signedInPhone];
    renderPage(
      pageRoutes({
        'GET /api/sessions': () => ({ body: { sessions } }),
        'POST /api/user/change-password': () => {
          sessions = [signedInHere];
          return { body: { message: 'Password changed successfully.' } };
        },
      }),
    );
    await waitFor(() => expect(within(devices()).getAllByRole('listitem')).toHaveLength(2));
    await fill('OldPass1!', 'NewPass1!', 'NewPass1!');
    await userEvent.setup().click(within(form()).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    await waitFor(() => expect(within(devices()).getAllByRole('listitem')).toHaveLength(1));
  });

  it('signs out everywhere else after asking, and says how many ended', async () => {
    let sessions = [signedInHere, signedInPhone, { ...signedInPhone, id: 'tablet', device: 'Firefox on Android' }];
    const { calls } = renderPage(
      pageRoutes({
        'GET /api/sessions': () => ({ body: { sessions } }),
        'POST /api/sessions/sign-out-others': () => {
          sessions = [signedInHere];
          return { body: { ended: 2 } };
        },
      }),
    );
    const user = userEvent.setup();
    await user.click(await within(devices()).findByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Sign out everywhere else?' });
    expect(dialog).toHaveTextContent('All 2 other sessions will be signed out at once. You stay signed in here.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('2 other sessions are signed out.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(within(devices()).getAllByRole('listitem')).toHaveLength(1));
  });

  it('says when the sessions could not be loaded', async () => {
    renderPage(pageRoutes({ 'GET /api/sessions': { status: 500, body: { code: 'internal', message: 'Something went wrong.' } } }));
    expect(await within(devices()).findByRole('alert')).toHaveTextContent('Something went wrong.');
  });
});
