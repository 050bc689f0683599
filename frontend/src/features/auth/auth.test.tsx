import { Route } from 'react-router-dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, networkDown } from '../../testing/fetchMock';
import { aliceUser, setPresenceCookie } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { REDIRECT_GUARD_KEY } from '../../lib/redirectGuard';
import AuthPage from './pages/AuthPage';

vi.mock('../../lib/navigation', () => ({ fullPageNavigate: vi.fn(), submitNativeForm: vi.fn(), submitForm: vi.fn() }));
const navigation = await import('../../lib/navigation');

beforeEach(() => {
  vi.mocked(navigation.fullPageNavigate).mockReset();
  vi.mocked(navigation.submitForm).mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAuth(): ReturnType<typeof renderWithProviders> {
  return renderWithProviders(<AuthPage />, {
    route: '/auth',
    path: '/auth',
    extraRoutes: (
      <>
        <Route path="/" element={<p>dashboard page</p>} />
        <Route path="/verify-pending" element={<p>verify pending page</p>} />
      </>
    ),
  });
}

async function fillLogin(username: string, password: string): Promise<void> {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('/auth page', () => {
  it('shows the tagline, tabs and login form to a visitor without the presence cookie (no request)', () => {
    const { fn } = mockFetch({});
    renderAuth();
    expect(screen.getByText('Your Personal Health Monitor')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Register' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/password-reset-request');
    expect(screen.getByRole('link', { name: 'Need to resend verification email?' })).toHaveAttribute('href', '/verify-pending');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(fn).not.toHaveBeenCalled();
  });

  it('checks the session when the cookie is there, then redirects a signed-in user', async () => {
    setPresenceCookie();
    let answer: (value: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    renderAuth();
    expect(screen.getByText('Checking authentication status...')).toBeInTheDocument();
    answer(new Response(JSON.stringify(aliceUser), { status: 200 }));
    expect(await screen.findByText('dashboard page', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(REDIRECT_GUARD_KEY)).not.toBeNull();
  });

  it("shows 'Already authenticated!' for a second before redirecting (not for one frame)", async () => {
    setPresenceCookie();
    mockFetch({ 'GET /api/user': { body: aliceUser } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderAuth();
      expect(await screen.findByText('Already authenticated! Redirecting to your dashboard...')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(900));
      expect(screen.getByText('Already authenticated! Redirecting to your dashboard...')).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent('/auth');
      expect(window.sessionStorage.getItem(REDIRECT_GUARD_KEY)).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(screen.getByText('dashboard page')).toBeInTheDocument();
      expect(window.sessionStorage.getItem(REDIRECT_GUARD_KEY)).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not redirect again within 3 seconds (loop guard) and shows the forms', async () => {
    setPresenceCookie();
    window.sessionStorage.setItem(REDIRECT_GUARD_KEY, String(Date.now()));
    mockFetch({ 'GET /api/user': { body: aliceUser } });
    renderAuth();
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });

  it('shows the login form when the session check says 401', async () => {
    setPresenceCookie();
    mockFetch({ 'GET /api/user': { status: 401, body: { code: 'not_authenticated', message: 'Not authenticated' } } });
    renderAuth();
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('login form', () => {
  it('validates with the spec messages', async () => {
    const { fn } = mockFetch({});
    renderAuth();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(fn).not.toHaveBeenCalled();
  });

  it('posts username, password and redirect (not rememberMe), then submits the form natively', async () => {
    const { calls } = mockFetch({ 'POST /api/login': { body: { user: aliceUser } } });
    renderAuth();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await fillLogin('alice', 'Secur3!pass');
    await waitFor(() => expect(navigation.submitForm).toHaveBeenCalledTimes(1));
    // The visible form, as a password manager sees it: spec section 7's fields.
    const form = vi.mocked(navigation.submitForm).mock.calls[0]![0];
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/login');
    const posted = new FormData(form);
    expect(posted.get('username')).toBe('alice');
    expect(posted.get('password')).toBe('Secur3!pass');
    expect(posted.get('redirect')).toBe('/');
    expect(Number(posted.get('timestamp'))).toBeGreaterThan(0);
    expect(form.querySelector('input[name="password"]')).toHaveAttribute('type', 'password');
    expect(navigation.fullPageNavigate).not.toHaveBeenCalled();
    expect(calls[0]!.body).toEqual({ username: 'alice', password: 'Secur3!pass', redirect: '/' });
    expect(calls[0]!.credentials).toBe('include');
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });

  it('shows the server message as a red alert', async () => {
    mockFetch({ 'POST /api/login': { status: 401, body: { code: 'invalid_credentials', message: 'Invalid username or password' } } });
    renderAuth();
    await fillLogin('alice', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid username or password');
    expect(alert).toHaveClass('alert-danger');
    expect(navigation.fullPageNavigate).not.toHaveBeenCalled();
    expect(navigation.submitForm).not.toHaveBeenCalled();
  });

  it("falls back to 'Invalid username or password' without a server message", async () => {
    mockFetch({ 'POST /api/login': { status: 401, body: '' } });
    renderAuth();
    await fillLogin('alice', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
  });

  it('shows a verify message as a soft amber notice with a resend link', async () => {
    mockFetch({
      'POST /api/login': {
        status: 403,
        body: { code: 'verification_required', message: 'Please verify your email before logging in.' },
      },
    });
    renderAuth();
    await fillLogin('bob', 'Secur3!pass');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveClass('alert-warning');
    expect(within(notice).getByRole('link', { name: 'Resend verification email' })).toHaveAttribute('href', '/verify-pending');
  });

  it('sends an unverified account to /verify-pending with its email', async () => {
    mockFetch({
      'POST /api/login': {
        status: 403,
        body: {
          code: 'verification_required',
          message: 'Please verify your email',
          requiresVerification: true,
          email: 'bob+1@example.com',
        },
      },
    });
    renderAuth();
    await fillLogin('bob', 'Secur3!pass');
    expect(await screen.findByText('verify pending page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/verify-pending?email=bob%2B1%40example.com');
  });

  it("says 'Login failed. Please try again.' when the server cannot be reached", async () => {
    mockFetch({ 'POST /api/login': networkDown() });
    renderAuth();
    await fillLogin('alice', 'Secur3!pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });
});

describe('second step (two-step verification)', () => {
  it('asks for the code after the password, then signs in and submits the login form natively', async () => {
    const { calls } = mockFetch({
      'POST /api/login': { body: { secondStep: 'totp' } },
      'POST /api/login/second-step': (call) =>
        (call.body as { code: string }).code === '123456'
          ? { body: { user: aliceUser } }
          : { status: 400, body: { code: 'invalid', message: 'x', errors: { code: 'That code did not work.' } } },
    });
    renderAuth();
    await fillLogin('alice', 'Secur3!pass');
    const field = await screen.findByLabelText('Enter the 6-digit code from your authenticator app');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(navigation.submitForm).not.toHaveBeenCalled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code did not work.')).toBeInTheDocument();
    expect(field).toHaveValue('');

    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(navigation.submitForm).toHaveBeenCalledTimes(1));
    const posted = new FormData(vi.mocked(navigation.submitForm).mock.calls[0]![0]);
    expect(posted.get('password')).toBe('Secur3!pass');
    expect(calls.map((c) => c.body)).toEqual([
      { username: 'alice', password: 'Secur3!pass', redirect: '/' },
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  it('takes a recovery code instead, and says what the administrator can do', async () => {
    const { calls } = mockFetch({
      'POST /api/login': { body: { secondStep: 'totp' } },
      'POST /api/login/second-step': { body: { user: aliceUser } },
    });
    renderAuth();
    await fillLogin('alice', 'Secur3!pass');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Enter one of your recovery codes');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('inputmode', 'text');
    expect(screen.getByText(/vitalog reset-two-step/)).toBeInTheDocument();
    await user.type(field, 'abcd-efgh-jkmn');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(navigation.submitForm).toHaveBeenCalledTimes(1));
    expect(calls[1]!.body).toEqual({ code: 'abcd-efgh-jkmn' });
  });

  it('asks for the code at /auth?step=code (after a native form post), then goes to the dashboard', async () => {
    mockFetch({ 'POST /api/login/second-step': { body: { user: aliceUser } } });
    renderWithProviders(<AuthPage />, { route: '/auth?step=code', path: '/auth' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Enter the 6-digit code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(navigation.fullPageNavigate).toHaveBeenCalledWith('/'));
    expect(navigation.submitForm).not.toHaveBeenCalled();
  });

  it('goes back to the password when the server says the sign-in is over', async () => {
    mockFetch({
      'POST /api/login': { body: { secondStep: 'totp' } },
      'POST /api/login/second-step': {
        status: 401,
        body: { code: 'not_authenticated', message: 'Your sign-in took too long or was interrupted. Enter your password again.' },
      },
    });
    renderAuth();
    await fillLogin('alice', 'Secur3!pass');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Enter the 6-digit code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your password again.');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(navigation.submitForm).not.toHaveBeenCalled();
  });
});

describe('register form', () => {
  async function openRegister(): Promise<ReturnType<typeof userEvent.setup>> {
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    return user;
  }

  it('validates with the spec messages', async () => {
    mockFetch({});
    renderAuth();
    const user = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Username must be at least 3 characters.')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('You must agree to the terms and conditions.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('shows the strength meter only once something is typed', async () => {
    mockFetch({});
    renderAuth();
    const user = await openRegister();
    expect(screen.queryByTestId('password-strength')).not.toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'abc');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Password strength: Weak');
    await user.type(password, 'defG1');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Password strength: Good');
    await user.type(password, '!');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Password strength: Strong');
    await user.clear(password);
    expect(screen.queryByTestId('password-strength')).not.toBeInTheDocument();
  });

  it('links the terms and privacy policy in a new tab and tells about email verification', async () => {
    mockFetch({});
    renderAuth();
    await openRegister();
    const terms = screen.getByRole('link', { name: /^Terms of Service\s*\(opens in a new tab\)$/ });
    const privacy = screen.getByRole('link', { name: /^Privacy Policy\s*\(opens in a new tab\)$/ });
    for (const link of [terms, privacy]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(terms).toHaveAttribute('href', '/terms-of-service');
    expect(privacy).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByText(/Email verification is required before you can log in/)).toHaveTextContent(/spam folder/);
    expect(screen.getByRole('button', { name: 'Show password: Confirm Password' })).toBeInTheDocument();
  });

  async function fillRegistration(user: ReturnType<typeof userEvent.setup>): Promise<void> {
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('Password'), 'Secur3!pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secur3!pass');
    await user.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
  }

  it('registers with empty names, then submits the form natively (the server answers /verify-pending)', async () => {
    const { calls } = mockFetch({
      'POST /api/register': { status: 201, body: { message: 'Registered', email: 'new@example.com' } },
    });
    renderAuth();
    const user = await openRegister();
    await fillRegistration(user);
    await waitFor(() => expect(navigation.submitForm).toHaveBeenCalledTimes(1));
    const form = vi.mocked(navigation.submitForm).mock.calls[0]![0];
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/register');
    const posted = new FormData(form);
    expect(posted.get('username')).toBe('newbie');
    expect(posted.get('email')).toBe('new@example.com');
    expect(posted.get('password')).toBe('Secur3!pass');
    expect(calls[0]!.body).toEqual({
      username: 'newbie',
      password: 'Secur3!pass',
      email: 'new@example.com',
      firstName: '',
      lastName: '',
      redirect: '/auth',
    });
  });

  it('shows the server message on a conflict', async () => {
    mockFetch({ 'POST /api/register': { status: 409, body: { message: 'Username already exists' } } });
    renderAuth();
    const user = await openRegister();
    await fillRegistration(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Username already exists');
  });

  it("shows 'Registration failed. Please try again.' without a message or a connection", async () => {
    mockFetch({ 'POST /api/register': networkDown() });
    renderAuth();
    const user = await openRegister();
    await fillRegistration(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed. Please try again.');
  });

  it('puts server field errors on their fields', async () => {
    mockFetch({
      'POST /api/register': {
        status: 400,
        body: { message: 'Please check the form.', errors: { email: 'Please enter a valid email address.' } },
      },
    });
    renderAuth();
    const user = await openRegister();
    await fillRegistration(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the form.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
  });
});
