import useSWRInfinite from 'swr/infinite';
import type { Schemas } from '../../../lib/apiTypes';

/** The person's security log (issue 38), newest first, a page at a time. */
export const SECURITY_LOG_KEY = '/api/security-log';

export type SecurityEvent = Omit<Schemas['SecurityEventDto'], 'detail' | 'device' | 'network'> & {
  detail: string | null;
  device: string | null;
  network: string | null;
};

interface SecurityLogPage {
  events: SecurityEvent[];
  nextBefore: number | null;
}

/** The key of the page after `previous` (null: there is none). */
export function pageKey(index: number, previous: SecurityLogPage | null): string | null {
  if (index === 0) return SECURITY_LOG_KEY;
  if (previous === null || previous.nextBefore === null) return null;
  return `${SECURITY_LOG_KEY}?before=${previous.nextBefore}`;
}

export interface SecurityLogState {
  events: SecurityEvent[] | undefined;
  error: unknown;
  /** Whether an older page exists beyond those loaded. */
  more: boolean;
  loadingMore: boolean;
  loadMore: () => Promise<unknown>;
  refresh: () => Promise<unknown>;
}

export function useSecurityLog(): SecurityLogState {
  const { data, error, size, setSize, isValidating, mutate } = useSWRInfinite<SecurityLogPage>(pageKey, {
    revalidateFirstPage: true,
  });
  const last = data?.[data.length - 1];
  return {
    events: data?.flatMap((p) => p.events),
    error: error as unknown,
    more: last !== undefined && last.nextBefore !== null,
    loadingMore: isValidating && data !== undefined && data.length < size,
    loadMore: () => setSize(size + 1),
    refresh: () => mutate(),
  };
}

/** Whether the event is one the person should look at twice (someone else may be trying). */
export function needsAttention(event: SecurityEvent): boolean {
  return event.kind === 'sign-in-failed' || event.kind === 'second-step-failed' || event.kind === 'deletion-refused';
}

const SIGN_IN_METHODS: Record<string, string> = {
  password: 'with a password',
  'password+totp': 'with a password and an authenticator code',
  'password+recovery-code': 'with a password and a recovery code',
  passkey: 'with a passkey',
};

/** What happened, in words ("Signed in with a passkey"). Unknown kinds (a newer server) read plainly. */
export function describeEvent(event: SecurityEvent): string {
  const d = event.detail;
  switch (event.kind) {
    case 'signed-in':
      return `Signed in ${(d && SIGN_IN_METHODS[d]) ?? ''}`.trim();
    case 'sign-in-failed':
      return 'Sign-in refused: wrong password';
    case 'second-step-failed':
      return 'Sign-in refused: wrong two-step code';
    case 'password-changed':
      return 'Password changed';
    case 'password-reset':
      return 'Password reset with an emailed link';
    case 'email-changed':
      return 'Email address changed';
    case 'email-change-undone':
      return 'Email address change undone';
    case 'passkey-added':
      return d ? `Passkey “${d}” added` : 'Passkey added';
    case 'passkey-removed':
      return d ? `Passkey “${d}” removed` : 'Passkey removed';
    case 'two-step-on':
      return 'Two-step verification turned on';
    case 'two-step-off':
      return 'Two-step verification turned off';
    case 'recovery-codes-renewed':
      return 'New recovery codes made';
    case 'two-step-reset':
      return 'Two-step verification reset by the administrator';
    case 'session-ended':
      return d ? `${d} signed out from this list` : 'A session signed out from this list';
    case 'other-sessions-ended':
      return d === '1' ? 'Signed out everywhere else (1 session)' : `Signed out everywhere else (${d ?? 'all'} sessions)`;
    case 'share-created':
      return d ? `Share link “${d}” created` : 'Share link created';
    case 'share-revoked':
      return d ? `Share link “${d}” stopped` : 'Share link stopped';
    case 'share-opened':
      return d ? `Share link “${d}” opened` : 'Share link opened';
    case 'data-exported':
      return `Data exported${d ? ` (${EXPORT_FORMATS[d] ?? d})` : ''}`;
    case 'deletion-refused':
      return 'Account deletion refused: wrong password';
    default:
      return 'Security event';
  }
}

const EXPORT_FORMATS: Record<string, string> = {
  csv: 'readings, CSV',
  'medications-csv': 'medications, CSV',
  fhir: 'FHIR',
  json: 'account, JSON',
};
