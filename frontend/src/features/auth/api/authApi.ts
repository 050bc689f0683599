import { apiGet, apiPost } from '../../../lib/api';
import type {
  LoginPayload,
  MessageResponse,
  RegisterPayload,
  RegisterResponse,
  ResetTokenStatus,
} from './types';
import type { SessionUser } from '../../../lib/session';

/** A sign-in's answer: the user, or (two-step verification on) that a code is needed next. */
export interface SignInAnswer {
  user?: SessionUser;
  secondStep?: 'totp';
}

export function login(payload: LoginPayload): Promise<SignInAnswer> {
  return apiPost<SignInAnswer>('/api/login', payload);
}

/** The second step of a password sign-in: a code from the authenticator app, or a recovery code. */
export function secondStep(code: string): Promise<SignInAnswer> {
  return apiPost<SignInAnswer>('/api/login/second-step', { code });
}

export function register(payload: RegisterPayload): Promise<RegisterResponse> {
  return apiPost<RegisterResponse>('/api/register', payload);
}

export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return apiPost<MessageResponse>('/api/password-reset/request', { email });
}

export const resetTokenKey = (token: string): string =>
  `/api/password-reset/verify/${encodeURIComponent(token)}`;

export function verifyResetToken(token: string): Promise<ResetTokenStatus> {
  return apiGet<ResetTokenStatus>(resetTokenKey(token));
}

export function resetPassword(token: string, password: string): Promise<MessageResponse> {
  return apiPost<MessageResponse>('/api/password-reset/reset', { token, password });
}

export function resendVerification(email: string): Promise<MessageResponse> {
  return apiPost<MessageResponse>('/api/verify-email/resend', { email });
}

const tokenAnswers = new Map<string, Promise<MessageResponse>>();

/**
 * POSTs a single-use token once per page load: a second mount (React StrictMode, a
 * re-render) must reuse the first answer, not spend the token again and report a failure.
 */
function postTokenOnce(path: string, token: string): Promise<MessageResponse> {
  const key = `${path} ${token}`;
  let pending = tokenAnswers.get(key);
  if (!pending) {
    pending = apiPost<MessageResponse>(path, { token });
    tokenAnswers.set(key, pending);
  }
  return pending;
}

/** `POST /api/verify-email`, once per token and page load. */
export function verifyEmailOnce(token: string): Promise<MessageResponse> {
  return postTokenOnce('/api/verify-email', token);
}

/** `POST /api/email-change/undo` (the link sent to the old address), once per token and page load. */
export function undoEmailChangeOnce(token: string): Promise<MessageResponse> {
  return postTokenOnce('/api/email-change/undo', token);
}

/** For tests: forget remembered verification answers. */
export function resetVerificationCache(): void {
  tokenAnswers.clear();
}
