import useSWR, { type KeyedMutator } from 'swr';
import { apiPost } from '../../../lib/api';

/** Two-step verification (issue 38): whether it is on, and the recovery codes left. */
export const TWO_STEP_KEY = '/api/user/two-step';

export interface TwoStepStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** A setup waiting for its first code: the secret as typed into an app, and the otpauth URI for the QR code. */
export interface TwoStepSetup {
  secret: string;
  uri: string;
}

export function useTwoStep(): { status: TwoStepStatus | undefined; error: unknown; mutate: KeyedMutator<TwoStepStatus> } {
  const { data, error, mutate } = useSWR<TwoStepStatus>(TWO_STEP_KEY);
  return { status: data, error: error as unknown, mutate };
}

/** Confirmed by the password: a stolen session must not tie the account to its own app. */
export const startTwoStep = (password: string): Promise<TwoStepSetup> =>
  apiPost<TwoStepSetup>(`${TWO_STEP_KEY}/setup`, { password });

/** Turns it on with the first code; the recovery codes, shown this once. */
export const confirmTwoStep = async (code: string): Promise<string[]> =>
  (await apiPost<{ recoveryCodes: string[] }>(`${TWO_STEP_KEY}/confirm`, { code })).recoveryCodes;

export const newRecoveryCodes = async (password: string): Promise<string[]> =>
  (await apiPost<{ recoveryCodes: string[] }>(`${TWO_STEP_KEY}/recovery-codes`, { password })).recoveryCodes;

export const turnTwoStepOff = (password: string): Promise<unknown> => apiPost<unknown>(`${TWO_STEP_KEY}/disable`, { password });

/** The secret in groups of four, as authenticator apps show and take it. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** What the downloaded file of recovery codes says. */
export function recoveryCodesText(codes: readonly string[], username: string): string {
  return [
    `Vitalog recovery codes for ${username}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    'Keep them somewhere safe, apart from your phone.',
    '',
    ...codes,
    '',
  ].join('\n');
}
