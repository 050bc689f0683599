import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeEvent, pageKey, type SecurityEvent } from '../../features/profile/api/securityLogApi';
import { FIRST_SHOWN } from '../../features/profile/components/SecurityLog';
import { mockFetch } from '../../testing/fetchMock';
import { renderWithProviders } from '../../testing/render';
import ProfilePage from './ProfilePage';
import { pageRoutes } from './profileFixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

function event(id: number, kind: string, detail: string | null = null): SecurityEvent {
  return {
    id,
    at: `2026-11-${String(1 + (id % 28)).padStart(2, '0')}T09:30:00Z`,
    kind,
    detail,
    device: 'Firefox on Windows',
    network: '203.0.113.0/24',
  };
}

const log = () => screen.getByRole('group', { name: 'Security log' });
const items = () => within(log()).getAllByRole('listitem');

describe('Security log', () => {
  it('words every kind the server notes, and a newer one plainly', () => {
    const kinds = [
      'signed-in', 'sign-in-failed', 'second-step-failed', 'password-changed', 'password-reset', 'email-changed',
      'email-change-undone', 'passkey-added', 'passkey-removed', 'two-step-on', 'two-step-off',
      'recovery-codes-renewed', 'two-step-reset', 'session-ended', 'other-sessions-ended', 'share-created',
      'share-revoked', 'share-opened', 'data-exported', 'deletion-refused',
    ];
    const texts = kinds.map((k) => describeEvent(event(1, k)));
    expect(texts).not.toContain('Security event');
    expect(new Set(texts).size).toBe(kinds.length);
    expect(describeEvent(event(1, 'signed-in', 'passkey'))).toBe('Signed in with a passkey');
    expect(describeEvent(event(1, 'signed-in', 'password+totp'))).toBe('Signed in with a password and an authenticator code');
    expect(describeEvent(event(1, 'share-opened', 'Dr Patel'))).toBe('Share link “Dr Patel” opened');
    expect(describeEvent(event(1, 'other-sessions-ended', '1'))).toBe('Signed out everywhere else (1 session)');
    expect(describeEvent(event(1, 'data-exported', 'fhir'))).toBe('Data exported (FHIR)');
    expect(describeEvent(event(1, 'something-new'))).toBe('Security event');
  });

  it('asks for the next page only while there is one', () => {
    expect(pageKey(0, null)).toBe('/api/security-log');
    expect(pageKey(1, { events: [], nextBefore: 41 })).toBe('/api/security-log?before=41');
    expect(pageKey(2, { events: [], nextBefore: null })).toBeNull();
  });

  it('shows the newest first with where each came from, failures marked, older ones on request', async () => {
    const first = Array.from({ length: 25 }, (_, i) => event(100 - i, i === 1 ? 'sign-in-failed' : 'signed-in', 'password'));
    const older = [event(60, 'password-changed'), event(59, 'share-created', 'Dr Patel')];
    const { calls } = mockFetch(
      pageRoutes({
        'GET /api/security-log': { body: { events: first, nextBefore: 76 } },
        'GET /api/security-log?before=76': { body: { events: older, nextBefore: null } },
      }),
    );
    renderWithProviders(<ProfilePage />, { route: '/profile', path: '/profile' });
    expect(await within(log()).findByText('Sign-in refused: wrong password')).toBeInTheDocument();
    expect(items()).toHaveLength(FIRST_SHOWN);
    expect(items()[0]).toHaveTextContent('Signed in with a password');
    expect(items()[0]).toHaveTextContent('Firefox on Windows · network 203.0.113.0/24');
    expect(items()[1]).toHaveTextContent('Was this you?');
    expect(items()[0]).not.toHaveTextContent('Was this you?');
    expect(calls.filter((c) => c.url.startsWith('/api/security-log?before'))).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(within(log()).getByRole('button', { name: 'Show older events' }));
    expect(items()).toHaveLength(25);
    expect(calls.filter((c) => c.url.startsWith('/api/security-log?before'))).toHaveLength(0);
    await user.click(within(log()).getByRole('button', { name: 'Show older events' }));
    expect(await within(log()).findByText('Share link “Dr Patel” created')).toBeInTheDocument();
    expect(items()).toHaveLength(27);
    expect(within(log()).queryByRole('button', { name: 'Show older events' })).not.toBeInTheDocument();
  });

  it('explains a log that could not be loaded', async () => {
    mockFetch(pageRoutes({ 'GET /api/security-log': { status: 500, body: { code: 'internal', message: 'Something went wrong.' } } }));
    renderWithProviders(<ProfilePage />, { route: '/profile', path: '/profile' });
    expect(await within(log()).findByRole('alert')).toHaveTextContent(/Something went wrong|could not be loaded/);
  });
});
