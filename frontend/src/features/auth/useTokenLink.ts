import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { MessageResponse } from './api/types';

export type TokenLinkState =
  | { kind: 'loading' }
  | { kind: 'success'; message: string }
  | { kind: 'error'; message: string };

/**
 * A page opened from an emailed link (`/:token`): sends the token once and tells what the
 * server answered. Shared by email verification and undoing an email change.
 */
export function useTokenLink(
  send: (token: string) => Promise<MessageResponse>,
  messages: { success: string; invalidLink: string; describeFailure: (error: unknown) => string },
): TokenLinkState {
  const { token = '' } = useParams();
  const [result, setResult] = useState<{ token: string; state: TokenLinkState } | null>(null);
  const { success, describeFailure } = messages;

  useEffect(() => {
    if (!token) return undefined;
    let live = true;
    send(token).then(
      (answer) => {
        if (live) setResult({ token, state: { kind: 'success', message: answer?.message || success } });
      },
      (error: unknown) => {
        if (live) setResult({ token, state: { kind: 'error', message: describeFailure(error) } });
      },
    );
    return () => {
      live = false;
    };
  }, [token, send, success, describeFailure]);

  if (!token) return { kind: 'error', message: messages.invalidLink };
  if (result && result.token === token) return result.state;
  return { kind: 'loading' };
}
