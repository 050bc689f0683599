import { useLayoutEffect, useState, type FormEvent, type ReactElement } from 'react';
import { Alert } from '../../../components/feedback/Alert';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { isApiError } from '../../../lib/api';
import { isSignedOut, mustWait, serverMessageOr } from '../../../lib/serverErrors';
import { secondStep } from '../api/authApi';

export const CODE_PROMPT = 'Enter the 6-digit code from your authenticator app';
export const RECOVERY_PROMPT = 'Enter one of your recovery codes';
export const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app.';
export const RECOVERY_REQUIRED = 'Enter a recovery code.';
export const SECOND_STEP_FAILURE = 'The code could not be checked. Please try again.';

const CODE_ID = 'second-step-code';

function focusCode(): void {
  document.getElementById(CODE_ID)?.focus();
}

export interface SecondStepFormProps {
  /** Signed in: the session exists now. */
  onSignedIn: () => void;
  /** The password must be typed again (too slow, too many wrong codes), with why. */
  onRestart: (message: string) => void;
}

/**
 * The second step of a password sign-in (issue 38): a code from the authenticator app, or
 * a recovery code instead; what to do when both are lost.
 */
export function SecondStepForm({ onSignedIn, onRestart }: SecondStepFormProps): ReactElement {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // The field takes focus as it appears, and again when the kind of code changes.
  useLayoutEffect(() => {
    focusCode();
  }, [recovery]);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setProblem(null);
    if (code.trim() === '') {
      setError(recovery ? RECOVERY_REQUIRED : CODE_REQUIRED);
      focusCode();
      return;
    }
    setPending(true);
    try {
      await secondStep(code.trim());
      onSignedIn();
    } catch (err) {
      setPending(false);
      if (isSignedOut(err)) {
        onRestart(serverMessageOr(err, SECOND_STEP_FAILURE));
        return;
      }
      const fieldError = isApiError(err) ? err.fieldErrors.code : undefined;
      if (fieldError && !mustWait(err)) {
        setError(fieldError);
        setCode('');
      } else {
        setProblem(serverMessageOr(err, SECOND_STEP_FAILURE));
      }
      focusCode();
    }
  };

  const switchKind = (): void => {
    setRecovery((r) => !r);
    setCode('');
    setError(undefined);
    setProblem(null);
  };

  return (
    <form className="form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="second-step-heading">
      <div className="auth-panel-heading">
        <h2 id="second-step-heading">Two-step verification</h2>
        <p className="text-muted">Your password was right. One more step keeps your record yours.</p>
      </div>
      {problem ? (
        <Alert variant="danger" role="alert">
          {problem}
        </Alert>
      ) : null}
      <TextField
        id={CODE_ID}
        name={recovery ? 'recovery-code' : 'one-time-code'}
        label={recovery ? RECOVERY_PROMPT : CODE_PROMPT}
        hint={recovery ? 'Each recovery code works once, like "abcd-efgh-jkmn".' : 'The code changes every 30 seconds.'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={recovery ? 20 : 7}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
        error={error}
        readOnly={pending}
        className="second-step-field"
      />
      <SubmitButton pending={pending} pendingLabel="Checking...">
        Verify
      </SubmitButton>
      <button type="button" className="btn btn-ghost" onClick={switchKind} disabled={pending}>
        {recovery ? 'Use a code from your authenticator app instead' : 'Use a recovery code instead'}
      </button>
      <details className="disclosure second-step-help">
        <summary>Lost your phone and your recovery codes?</summary>
        <p className="text-sm">
          The administrator of this Vitalog server can turn two-step verification off for your account with the{' '}
          <code>vitalog reset-two-step</code> command. Ask them, and expect them to check it is really you. You can then
          sign in with your password and turn it on again with your new phone.
        </p>
      </details>
    </form>
  );
}
