import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { Spinner } from '../../../components/feedback/Spinner';
import { fullPageNavigate } from '../../../lib/navigation';
import {
  conditionalMediationAvailable,
  describeCeremonyFailure,
  finishPasskeySignIn,
  getPasskey,
  startPasskeySignIn,
} from '../../../lib/passkeys';
import { serverMessageOr } from '../../../lib/serverErrors';

export const PASSKEY_SIGN_IN_FAILURE = 'Signing in with a passkey failed. Please try again.';

/** A passkey sign-in's failure: shown by the login form, or sent to the verification page. */
export type PasskeyFailure = { error: unknown; message: string };

/**
 * Signs in with a passkey: once `conditional` (the browser offers this site's passkeys among
 * the username field's suggestions, which needs `autocomplete="username webauthn"` on it),
 * or on demand from the button. A sign-in ends in a full page load of the app, as after a
 * password.
 */
export function usePasskeySignIn(onFailure: (failure: PasskeyFailure) => void): {
  signIn: () => Promise<void>;
  pending: boolean;
} {
  const [pending, setPending] = useState(false);
  const quiet = useRef<AbortController | null>(null);
  const failed = useRef(onFailure);
  useEffect(() => {
    failed.current = onFailure;
  }, [onFailure]);

  const run = useCallback(async (conditional: boolean, signal?: AbortSignal): Promise<void> => {
    // Until a passkey is chosen, the autofill request fails quietly (the person did nothing).
    let chosen = !conditional;
    try {
      const options = await startPasskeySignIn();
      const credential = await getPasskey(options, { conditional, ...(signal ? { signal } : {}) });
      chosen = true;
      setPending(true);
      await finishPasskeySignIn(credential);
      fullPageNavigate('/');
    } catch (error) {
      setPending(false);
      if (signal?.aborted || !chosen) return;
      if (error instanceof DOMException) {
        const message = describeCeremonyFailure(error, false);
        if (message !== null) failed.current({ error, message });
        return;
      }
      failed.current({ error, message: serverMessageOr(error, PASSKEY_SIGN_IN_FAILURE) });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    quiet.current = controller;
    void conditionalMediationAvailable().then((ok) => {
      if (ok && !controller.signal.aborted) void run(true, controller.signal);
    });
    return () => controller.abort();
  }, [run]);

  const signIn = useCallback(async (): Promise<void> => {
    // One WebAuthn request at a time: the autofill one gives way to the button's.
    quiet.current?.abort();
    setPending(true);
    await run(false);
  }, [run]);

  return { signIn, pending };
}

export function PasskeyButton({ onClick, pending }: { onClick: () => void; pending: boolean }): ReactElement {
  return (
    <button type="button" className="btn btn-secondary auth-passkey" disabled={pending} aria-busy={pending || undefined} onClick={onClick}>
      {pending ? <Spinner size="sm" /> : null}
      Sign in with a passkey
    </button>
  );
}
