import { Route } from 'react-router-dom';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, networkDown } from '../../testing/fetchMock';
import { renderWithProviders } from '../../testing/render';
import { resetVerificationCache } from './api/authApi';
import PasswordResetRequestPage from './pages/PasswordResetRequestPage';
import ResetPasswordPage, { RESET_REDIRECT_MS } from './pages/ResetPasswordPage';
import VerifyEmailPage from './pages/VerifyEmailPage';
import VerifyPendingPage from './pages/VerifyPendingPage';

beforeEach(() => {
  resetVerificationCache();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const authRoute = <Route path="/auth" element={<p>auth page</p>} />;

describe('/verify-email/:token', () => {
  function renderVerify(route: string): void {
    renderWithProviders(<VerifyEmailPage />, {
      route,
      path: route.startsWith('/verify-email/') ? '/verify-email/:token' : '/verify-email',
      extraRoutes: (
        <>
          {authRoute}
          <Route path="/verify-pending" element={<p>verify pending page</p>} />
        </>
      ),
    });
  }

  it('shows loading, then success with a Proceed to Login button', async () => {
    const { calls } = mockFetch({ 'POST /api/verify-email': { body: { message: 'Your email has been verified.' } } });
    renderVerify('/verify-email/tok123');
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your email address...');
    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeInTheDocument();
    expect(screen.getByText('Your email has been verified.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Proceed to Login' }));
    expect(await screen.findByText('auth page')).toBeInTheDocument();
    expect(calls).toHaveLength(1); // StrictMode-safe: the token is spent once
    expect(calls[0]!.body).toEqual({ token: 'tok123' });
  });

  it('shows the server message on failure and a Resend Verification Email button', async () => {
    mockFetch({ 'POST /api/verify-email': { status: 400, body: { message: 'This verification link has expired.' } } });
    renderVerify('/verify-email/old');
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This verification link has expired.');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Resend Verification Email' }));
    expect(await screen.findByText('verify pending page')).toBeInTheDocument();
  });

  it('falls back to the default failure text', async () => {
    mockFetch({ 'POST /api/verify-email': { status: 400, body: '' } });
    renderVerify('/verify-email/x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to verify your email. Please try again.');
  });

  it('explains a network failure', async () => {
    mockFetch({ 'POST /api/verify-email': networkDown() });
    renderVerify('/verify-email/y');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during verification. Please try again later.');
  });

  it('calls a link without a token invalid', () => {
    const { fn } = mockFetch({});
    renderVerify('/verify-email');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid verification link. Please request a new one.');
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('/verify-pending', () => {
  function renderPending(route: string): void {
    renderWithProviders(<VerifyPendingPage />, { route, path: '/verify-pending', extraRoutes: authRoute });
  }

  it('prefills the email from the query and resends', async () => {
    const { calls } = mockFetch({
      'POST /api/verify-email/resend': { body: { message: 'If that account needs verifying, a new link has been sent.' } },
    });
    renderPending('/verify-pending?email=bob%40example.com');
    expect(screen.getByLabelText('Email address')).toHaveValue('bob@example.com');
    expect(screen.getByText('bob@example.com')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('If that account needs verifying, a new link has been sent.')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ email: 'bob@example.com' });
  });

  it("says 'Email required' when empty", async () => {
    const { fn } = mockFetch({});
    renderPending('/verify-pending');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Email required')).toBeInTheDocument();
    expect(fn).not.toHaveBeenCalled();
  });

  it('explains failures', async () => {
    mockFetch({ 'POST /api/verify-email/resend': { status: 500, body: '' } });
    renderPending('/verify-pending?email=a%40b.co');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');

    mockFetch({ 'POST /api/verify-email/resend': networkDown() });
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to resend verification email. Please try again later.'),
    );
  });

  it('shows the server message of a rate limit', async () => {
    mockFetch({ 'POST /api/verify-email/resend': { status: 429, body: { message: 'Too many requests. Please wait a minute.' } } });
    renderPending('/verify-pending?email=a%40b.co');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait a minute.');
  });
});

describe('/password-reset-request', () => {
  it('validates the email, then shows the neutral server message', async () => {
    const { calls } = mockFetch({
      'POST /api/password-reset/request': {
        body: { message: 'If an account exists with that email, a reset link has been sent.' },
      },
    });
    renderWithProviders(<PasswordResetRequestPage />, { route: '/password-reset-request', path: '/password-reset-request' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('If an account exists with that email, a reset link has been sent.')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ email: 'alice@example.com' });
  });
});

describe('/reset-password/:token', () => {
  function renderReset(route: string): void {
    renderWithProviders(<ResetPasswordPage />, {
      route,
      path: route === '/reset-password' ? '/reset-password' : '/reset-password/:token',
      extraRoutes: authRoute,
    });
  }

  it('says the token is missing without one', () => {
    renderReset('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('Reset token is missing. Please request a new password reset link.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/password-reset-request');
  });

  it('says an invalid or expired link is so', async () => {
    mockFetch({ 'GET /api/password-reset/verify/bad': { status: 400, body: { valid: false, message: 'Invalid token' } } });
    renderReset('/reset-password/bad');
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your reset link...');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired. Please request a new one.',
    );
  });

  it('validates, resets, then goes to /auth after 3 seconds', async () => {
    const { calls } = mockFetch({
      'GET /api/password-reset/verify/good': { body: { valid: true } },
      'POST /api/password-reset/reset': { body: { message: 'Your password has been reset. You can now log in.' } },
    });
    renderReset('/reset-password/good');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'N3w!password');
    await user.type(screen.getByLabelText('Confirm new password'), 'N3w!passwore');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'N3w!password');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Your password has been reset. You can now log in.')).toBeInTheDocument();
    expect(calls[1]!.body).toEqual({ token: 'good', password: 'N3w!password' });
    expect(screen.queryByText('auth page')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(RESET_REDIRECT_MS));
    expect(await screen.findByText('auth page')).toBeInTheDocument();
    expect(RESET_REDIRECT_MS).toBe(3000);
  });

  it('shows the server message when the reset is refused', async () => {
    mockFetch({
      'GET /api/password-reset/verify/t': { body: { valid: true } },
      'POST /api/password-reset/reset': { status: 400, body: { message: 'This password reset link has expired.' } },
    });
    renderReset('/reset-password/t');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'N3w!password');
    await user.type(screen.getByLabelText('Confirm new password'), 'N3w!password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link has expired.');
  });
});
