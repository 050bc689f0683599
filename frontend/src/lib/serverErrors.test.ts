import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorOf } from './api';
import type { ErrorCode } from './apiTypes';
import {
  codeForStatus,
  errorCode,
  isAccessCodeRefused,
  isGone,
  isInvalid,
  isNotFound,
  isRetryable,
  isSessionRefused,
  isSignedOut,
  isSubscriptionRequired,
  isVerificationRequired,
  mustWait,
  needsAccessCode,
} from './serverErrors';

/** An answer as the client receives it: status and JSON body (or another text). */
const answer = (status: number, body: unknown = {}): ApiError =>
  apiErrorOf(status, 'Status', typeof body === 'string' ? body : JSON.stringify(body));

const coded = (status: number, code: ErrorCode, extra: Record<string, unknown> = {}): ApiError =>
  answer(status, { code, message: 'm', ...extra });

describe('the error code', () => {
  it("is the body's code when it names one", () => {
    const error = coded(403, 'cross_site');
    expect(error.code).toBe('cross_site');
    expect(errorCode(error)).toBe('cross_site');
    expect(errorCode(coded(429, 'busy'))).toBe('busy');
    expect(errorCode(coded(401, 'invalid_credentials'))).toBe('invalid_credentials');
  });

  it('keeps the body as it came: the code is beside it', () => {
    expect(coded(404, 'not_found').data).toEqual({ code: 'not_found', message: 'm' });
  });

  it('falls back on the status, as the server codes it, when the body names none', () => {
    const table: [number, ErrorCode][] = [
      [401, 'not_authenticated'],
      [403, 'forbidden'],
      [404, 'not_found'],
      [410, 'gone'],
      [409, 'conflict'],
      [422, 'invalid'],
      [429, 'rate_limited'],
      [402, 'payment_rejected'],
      [502, 'provider_unavailable'],
      [413, 'too_large'],
      [408, 'timeout'],
      [405, 'method_not_allowed'],
      [503, 'unavailable'],
      [500, 'internal'],
      [504, 'internal'],
      [400, 'invalid'],
      [415, 'invalid'],
    ];
    for (const [status, code] of table) {
      expect(codeForStatus(status)).toBe(code);
      const error = answer(status, { message: 'Old server' });
      expect(error.code).toBeNull();
      expect(errorCode(error)).toBe(code);
    }
  });

  it('falls back on the status for a body that is not JSON, or names a code the client does not know', () => {
    expect(errorCode(answer(502, '<html>Bad Gateway</html>'))).toBe('provider_unavailable');
    expect(errorCode(answer(500, ''))).toBe('internal');
    const unknown = answer(409, { code: 'something_new', message: 'm' });
    expect(unknown.code).toBeNull();
    expect(errorCode(unknown)).toBe('conflict');
  });

  it('reads no code into the flags beside it: the server sends both, and the code decides', () => {
    expect(errorCode(answer(401, { message: 'Protected', codeRequired: true }))).toBe('not_authenticated');
    expect(errorCode(answer(403, { message: 'Verify', requiresVerification: true, email: 'a@b.c' }))).toBe('forbidden');
  });

  it('is null when no answer came', () => {
    expect(errorCode(new TypeError('Failed to fetch'))).toBeNull();
    expect(errorCode(undefined)).toBeNull();
    for (const ask of [isSignedOut, isSessionRefused, isSubscriptionRequired, isNotFound, isInvalid, isRetryable]) {
      expect(ask(new TypeError('Failed to fetch'))).toBe(false);
    }
  });
});

describe('what a code means', () => {
  it('a 403 is a subscription refusal only when it says so', () => {
    expect(isSubscriptionRequired(coded(403, 'subscription_required'))).toBe(true);
    expect(isSubscriptionRequired(coded(403, 'cross_site'))).toBe(false);
    expect(isSubscriptionRequired(coded(403, 'forbidden'))).toBe(false);
    expect(isSubscriptionRequired(coded(403, 'verification_required'))).toBe(false);
    expect(isSubscriptionRequired(answer(403, { message: 'Subscription Required' }))).toBe(false);
    expect(isSubscriptionRequired(answer(403, { message: 'Verify', requiresVerification: true }))).toBe(false);
  });

  it('a 401 that asks for an access code is not "signed out"', () => {
    const codeRequired = coded(401, 'code_required', { codeRequired: true });
    expect(isSignedOut(codeRequired)).toBe(false);
    expect(needsAccessCode(codeRequired)).toBe(true);
    expect(isSessionRefused(codeRequired)).toBe(false);
    expect(isSignedOut(coded(401, 'invalid_credentials'))).toBe(false);
    expect(isSignedOut(coded(401, 'not_authenticated'))).toBe(true);
    expect(isSignedOut(answer(401, { message: 'Not authenticated' }))).toBe(true);
    expect(needsAccessCode(answer(401, { message: 'Not authenticated' }))).toBe(false);
  });

  it('a refused access code is code_required, not any 401', () => {
    expect(isAccessCodeRefused(coded(401, 'code_required'))).toBe(true);
    expect(isAccessCodeRefused(answer(401, { message: 'Wrong code', errors: { code: 'Not right' } }))).toBe(false);
    expect(isAccessCodeRefused(coded(401, 'not_authenticated'))).toBe(false);
    expect(isAccessCodeRefused(coded(429, 'rate_limited'))).toBe(false);
  });

  it('the session is refused when signed out or forbidden, not for a subscription or a cross-site request', () => {
    expect(isSessionRefused(coded(401, 'not_authenticated'))).toBe(true);
    expect(isSessionRefused(coded(403, 'forbidden'))).toBe(true);
    expect(isSessionRefused(answer(403, { message: 'Forbidden' }))).toBe(true);
    expect(isSessionRefused(new ApiError(403, 'Forbidden', null))).toBe(true);
    expect(isSessionRefused(coded(403, 'subscription_required'))).toBe(false);
    expect(isSessionRefused(coded(403, 'cross_site'))).toBe(false);
    expect(isSessionRefused(answer(500))).toBe(false);
  });

  it('verification, not found and gone', () => {
    expect(isVerificationRequired(coded(403, 'verification_required'))).toBe(true);
    expect(isVerificationRequired(answer(403, { message: 'Forbidden' }))).toBe(false);
    expect(isNotFound(answer(404))).toBe(true);
    expect(isGone(answer(404))).toBe(false);
    expect(isGone(answer(410))).toBe(true);
  });

  it('a reused idempotency key is not invalid values', () => {
    expect(isInvalid(coded(422, 'key_reused'))).toBe(false);
    expect(isInvalid(coded(400, 'invalid'))).toBe(true);
    expect(isInvalid(answer(400))).toBe(true);
  });

  it('retries what failed on the way or said to wait, not a refusal', () => {
    for (const error of [answer(500), answer(502), answer(503), answer(504), answer(408), answer(429), coded(429, 'busy')]) {
      expect(isRetryable(error)).toBe(true);
    }
    expect(mustWait(coded(429, 'busy'))).toBe(true);
    expect(mustWait(answer(429))).toBe(true);
    expect(mustWait(answer(503))).toBe(false);
    for (const error of [answer(400), answer(401), answer(403), answer(404), answer(409), answer(410), coded(422, 'key_reused')]) {
      expect(isRetryable(error)).toBe(false);
    }
  });
});
