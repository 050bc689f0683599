import { Route } from 'react-router-dom';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, networkDown } from '../../testing/fetchMock';
import { renderWithProviders } from '../../testing/render';
import { resetVerificationCache } from './api/authApi';
import UndoEmailChangePage, { UNDO_INVALID_LINK, UNDO_UNREACHABLE } from './pages/UndoEmailChangePage';

beforeEach(() => {
  resetVerificationCache();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderUndo(route: string): void {
  renderWithProviders(<UndoEmailChangePage />, {
    route,
    path: route.startsWith('/undo-email-change/') ? '/undo-email-change/:token' : '/undo-email-change',
    extraRoutes: (
      <>
        <Route path="/auth" element={<p>auth page</p>} />
        <Route path="/password-reset-request" element={<p>reset request page</p>} />
      </>
    ),
  });
}

describe('/undo-email-change/:token', () => {
  it('restores the address once and leads to a password reset', async () => {
    const message =
      'Your email address is ann@example.com again and every device has been signed out. Whoever changed it may know your password: reset it now.';
    const { calls } = mockFetch({ 'POST /api/email-change/undo': { body: { message } } });
    renderUndo('/undo-email-change/tok123');
    expect(screen.getByRole('status')).toHaveTextContent('Restoring your email address...');
    expect(await screen.findByRole('heading', { name: 'Email Address Restored' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(calls).toHaveLength(1); // StrictMode-safe: the token is spent once
    expect(calls[0]!.body).toEqual({ token: 'tok123' });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Reset your password' }));
    expect(await screen.findByText('reset request page')).toBeInTheDocument();
  });

  it("shows the server's message for a used or expired link", async () => {
    mockFetch({ 'POST /api/email-change/undo': { status: 400, body: { message: UNDO_INVALID_LINK } } });
    renderUndo('/undo-email-change/old');
    expect(await screen.findByRole('heading', { name: 'Could Not Undo the Change' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(UNDO_INVALID_LINK);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to login' }));
    expect(await screen.findByText('auth page')).toBeInTheDocument();
  });

  it('explains a network failure', async () => {
    mockFetch({ 'POST /api/email-change/undo': networkDown() });
    renderUndo('/undo-email-change/x');
    expect(await screen.findByRole('alert')).toHaveTextContent(UNDO_UNREACHABLE);
  });

  it('refuses a link without a token without calling the server', () => {
    const { calls } = mockFetch({});
    renderUndo('/undo-email-change');
    expect(screen.getByRole('alert')).toHaveTextContent(UNDO_INVALID_LINK);
    expect(calls).toHaveLength(0);
  });
});
