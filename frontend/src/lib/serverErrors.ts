/**
 * What a failed request means: the one place the client reads the server's refusals. Screens
 * ask the questions below rather than reading HTTP statuses (issue 37). The server names every
 * refusal with a machine `code` (`ErrorCode`), so one status can mean different things (a 403
 * is `subscription_required` from a write and `cross_site` from the origin check) and one
 * refusal reads alike wherever it comes from.
 *
 * The server sends a code with every error. An answer without one (a proxy's 502 or HTML
 * page) is read as the server codes its status (`ErrorCode::for_status`,
 * crates/web/src/error.rs), nothing more. No answer at all (offline, aborted) has no code:
 * every question about it answers false.
 */
import { isApiError } from './api';
import type { ErrorCode } from './apiTypes';

/** Keeps only the server's field errors that match fields of this form. */
export function pickFieldErrors<K extends string>(error: unknown, fields: readonly K[]): Partial<Record<K, string>> {
  if (!isApiError(error)) return {};
  const all = error.fieldErrors;
  const out: Partial<Record<K, string>> = {};
  for (const field of fields) {
    const message = all[field];
    if (message) out[field] = message;
  }
  return out;
}

/** The server's own message for a failed request, else this form's fallback. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return (isApiError(error) ? error.serverMessage : undefined) ?? fallback;
}

/** The server's code of each status, when no refusal names a more precise one. */
const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  401: 'not_authenticated',
  402: 'payment_rejected',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'timeout',
  409: 'conflict',
  410: 'gone',
  413: 'too_large',
  422: 'invalid',
  429: 'rate_limited',
  502: 'provider_unavailable',
  503: 'unavailable',
};

/** The code of an answer whose body names none, from its status alone, as the server gives it. */
export function codeForStatus(status: number): ErrorCode {
  return CODE_OF_STATUS[status] ?? (status >= 500 && status < 600 ? 'internal' : 'invalid');
}

/** What went wrong: the body's code, else what its status says; null when no answer came. */
export function errorCode(error: unknown): ErrorCode | null {
  if (!isApiError(error)) return null;
  return error.code ?? codeForStatus(error.status);
}

function codeIn(error: unknown, codes: readonly ErrorCode[]): boolean {
  const code = errorCode(error);
  return code !== null && codes.includes(code);
}

/** No session, or it ended (`not_authenticated`). */
export function isSignedOut(error: unknown): boolean {
  return codeIn(error, ['not_authenticated']);
}

/**
 * The server will not serve this session: signed out, or refused outright (`forbidden`,
 * which a bare 403 is too). The spec's "back to /auth" for `GET /api/user`. A refusal that
 * needs a subscription, a verified email or a same-site request says nothing of the session.
 */
export function isSessionRefused(error: unknown): boolean {
  return codeIn(error, ['not_authenticated', 'forbidden']);
}

/** The action needs an active subscription (`subscription_required`). */
export function isSubscriptionRequired(error: unknown): boolean {
  return codeIn(error, ['subscription_required']);
}

/** The email address is not verified yet (`verification_required`; the body's `email` says which). */
export function isVerificationRequired(error: unknown): boolean {
  return codeIn(error, ['verification_required']);
}

/** A shared record that needs its access code first (`code_required`). */
export function needsAccessCode(error: unknown): boolean {
  return codeIn(error, ['code_required']);
}

/** The access code given for a shared record was refused (`code_required`). */
export function isAccessCodeRefused(error: unknown): boolean {
  return codeIn(error, ['code_required']);
}

/** Nothing of that name exists here (`not_found`), or no longer does. */
export function isNotFound(error: unknown): boolean {
  return codeIn(error, ['not_found']);
}

/** It existed and is gone for good (`gone`): a reading saved under a key and since deleted. */
export function isGone(error: unknown): boolean {
  return codeIn(error, ['gone']);
}

/** A field or the request is not valid (`invalid`): the field errors say what to fix. */
export function isInvalid(error: unknown): boolean {
  return codeIn(error, ['invalid']);
}

/** It clashes with what exists (`conflict`): a duplicate, or a limit of kept things reached. */
export function isConflict(error: unknown): boolean {
  return codeIn(error, ['conflict']);
}

/**
 * Not now: too many attempts or messages (`rate_limited`), or the server is busy with this
 * kind of work (`busy`). `Retry-After` (`retryAfterSeconds`) says when to try again.
 */
export function mustWait(error: unknown): boolean {
  return codeIn(error, ['rate_limited', 'busy']);
}

/**
 * Worth sending again as it is, later: the server failed (`internal`), a dependency or the
 * payment provider is unavailable (`unavailable`, `provider_unavailable`), the body stopped
 * arriving (`timeout`), or the server said to wait ({@link mustWait}).
 */
export function isRetryable(error: unknown): boolean {
  return mustWait(error) || codeIn(error, ['internal', 'unavailable', 'provider_unavailable', 'timeout']);
}

/** This server cannot offer passkeys: its address is an IP address (`passkeys_unavailable`). */
export function isPasskeysUnavailable(error: unknown): boolean {
  return codeIn(error, ['passkeys_unavailable']);
}

/** The payment provider did not answer (`provider_unavailable`). */
export function isProviderUnavailable(error: unknown): boolean {
  return codeIn(error, ['provider_unavailable']);
}

/** Something failed on the server's side (`internal`). */
export function isInternal(error: unknown): boolean {
  return codeIn(error, ['internal']);
}
