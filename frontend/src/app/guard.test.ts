import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { deriveAuthStatus, displayName, isAuthFailure } from '../features/auth/api/authStatus';
import { authPageView } from '../features/auth/pages/authPageView';
import { aliceUser } from '../testing/fixtures';
import { protectedRouteDecision } from './guard';

const unauthorized = new ApiError(401, '{"code":"not_authenticated","message":"Not authenticated"}', {
  code: 'not_authenticated',
  message: 'Not authenticated',
});
const forbidden = new ApiError(403, 'Forbidden', null);

describe('auth status: cookie first, then GET /api/user', () => {
  it('is unauthenticated without the presence cookie, whatever else is known', () => {
    expect(deriveAuthStatus({ hasCookie: false, user: undefined, error: undefined })).toBe('unauthenticated');
    expect(deriveAuthStatus({ hasCookie: false, user: aliceUser, error: undefined })).toBe('unauthenticated');
  });

  it('is loading while the user check runs', () => {
    expect(deriveAuthStatus({ hasCookie: true, user: undefined, error: undefined })).toBe('loading');
  });

  it('is authenticated with a user', () => {
    expect(deriveAuthStatus({ hasCookie: true, user: aliceUser, error: undefined })).toBe('authenticated');
  });

  it('opens offline from a kept profile only when GET /api/user got no answer', () => {
    const noAnswer = new TypeError('Failed to fetch');
    expect(deriveAuthStatus({ hasCookie: true, user: undefined, error: noAnswer, hasOfflineProfile: true })).toBe('offline');
    expect(deriveAuthStatus({ hasCookie: true, user: undefined, error: unauthorized, hasOfflineProfile: true })).toBe(
      'unauthenticated',
    );
    expect(deriveAuthStatus({ hasCookie: false, user: undefined, error: noAnswer, hasOfflineProfile: true })).toBe(
      'unauthenticated',
    );
    expect(protectedRouteDecision('offline')).toBe('allow');
  });

  it('treats 401, 403 and any failure as unauthenticated', () => {
    for (const error of [unauthorized, forbidden, new TypeError('Failed to fetch')]) {
      expect(deriveAuthStatus({ hasCookie: true, user: undefined, error })).toBe('unauthenticated');
    }
    expect(isAuthFailure(unauthorized)).toBe(true);
    expect(isAuthFailure(forbidden)).toBe(true);
    expect(isAuthFailure(new ApiError(500, 'x', null))).toBe(false);
  });
});

describe('protected route decisions', () => {
  it('checks, allows or redirects', () => {
    expect(protectedRouteDecision('loading')).toBe('checking');
    expect(protectedRouteDecision('authenticated')).toBe('allow');
    expect(protectedRouteDecision('unauthenticated')).toBe('redirect');
  });
});

describe('/auth page decisions', () => {
  it('shows the check, the redirect, or the forms', () => {
    expect(authPageView('loading', false)).toBe('checking');
    expect(authPageView('authenticated', true)).toBe('redirecting');
    expect(authPageView('authenticated', false)).toBe('forms'); // loop guard tripped
    expect(authPageView('unauthenticated', true)).toBe('forms');
  });
});

describe('display name', () => {
  it('prefers first and last name, else the username', () => {
    expect(displayName(aliceUser)).toBe('Alice Moreau');
    expect(displayName({ ...aliceUser, firstName: '', lastName: null })).toBe('alice');
    expect(displayName({ ...aliceUser, lastName: '' })).toBe('Alice');
  });
});
