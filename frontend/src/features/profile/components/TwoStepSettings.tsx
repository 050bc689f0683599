import { useLayoutEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { Alert } from '../../../components/feedback/Alert';
import { Spinner } from '../../../components/feedback/Spinner';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import { serverMessageOr } from '../../../lib/serverErrors';
import {
  confirmTwoStep,
  groupedSecret,
  newRecoveryCodes,
  startTwoStep,
  turnTwoStepOff,
  useTwoStep,
  type TwoStepSetup,
} from '../api/twoStepApi';
import { PasswordDialog } from './PasswordDialog';
import { RecoveryCodes } from './RecoveryCodes';

export const TWO_STEP_LOAD_FAILURE = 'Two-step verification could not be loaded.';
const START_FAILURE = 'Two-step verification could not be started. Please try again.';
const CONFIRM_FAILURE = 'The code could not be checked. Please try again.';
export const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app.';
const CODE_ID = 'two-step-setup-code';

type Asking = 'on' | 'off' | 'codes' | null;

/**
 * Two-step verification (issue 38), in the Security section: turn it on with a QR code
 * (or the secret typed) and one code, then the recovery codes shown once; new recovery
 * codes and turning it off ask for the password.
 */
export function TwoStepSettings(): ReactElement {
  const { status, error, mutate } = useTwoStep();
  const { toast } = useToast();
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const shown = (fresh: string[]): void => {
    setSetup(null);
    setCodes(fresh);
    void mutate();
  };

  const done = (): void => {
    setCodes(null);
    heading.current?.focus();
  };

  let body: ReactElement;
  if (codes) {
    body = <RecoveryCodes codes={codes} onDone={done} />;
  } else if (setup) {
    body = <SetupForm setup={setup} onOn={shown} onCancel={() => setSetup(null)} />;
  } else if (error) {
    body = (
      <Alert variant="danger" role="alert">
        {serverMessageOr(error, TWO_STEP_LOAD_FAILURE)}
      </Alert>
    );
  } else if (status === undefined) {
    body = (
      <p className="profile-busy" role="status" aria-live="polite">
        <Spinner size="sm" /> Loading two-step verification...
      </p>
    );
  } else if (status.enabled) {
    body = (
      <>
        <p className="text-sm">
          <span className="profile-two-step-on">On</span> Signing in with your password also asks for a code from your
          authenticator app. {status.recoveryCodesLeft === 1 ? '1 recovery code is' : `${status.recoveryCodesLeft} recovery codes are`}{' '}
          left.
        </p>
        <div className="profile-two-step-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setAsking('codes')}>
            New recovery codes
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setAsking('off')}>
            Turn off
          </button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <p className="text-sm">
          Off. With it on, signing in with your password also asks for a 6-digit code from an authenticator app on your
          phone, so a stolen password alone does not open your record.
        </p>
        <div>
          <button type="button" className="btn btn-primary" onClick={() => setAsking('on')}>
            Turn on
          </button>
        </div>
      </>
    );
  }

  return (
    <div className="profile-two-step" role="group" aria-labelledby="profile-two-step-heading">
      <h3 id="profile-two-step-heading" className="profile-subheading" ref={heading} tabIndex={-1}>
        Two-step verification
      </h3>
      {body}
      {asking === 'on' ? (
        <PasswordDialog
          id="profile-two-step-on-password"
          title="Turn on two-step verification"
          description={<p>Enter your password to confirm. Then scan a QR code with your authenticator app.</p>}
          confirmLabel="Continue"
          pendingLabel="Checking..."
          formLabel="Turn on two-step verification"
          failureTitle="Not started"
          failureFallback={START_FAILURE}
          confirmVariant="primary"
          onConfirm={async (password) => {
            const started = await startTwoStep(password);
            setAsking(null);
            setSetup(started);
          }}
          onCancel={() => setAsking(null)}
        />
      ) : null}
      {asking === 'codes' ? (
        <PasswordDialog
          id="profile-two-step-codes-password"
          title="Make new recovery codes?"
          description={<p>Your old recovery codes stop working. Enter your password to confirm.</p>}
          confirmLabel="Make new codes"
          pendingLabel="Making codes..."
          formLabel="New recovery codes"
          failureTitle="No new codes"
          failureFallback={START_FAILURE}
          confirmVariant="primary"
          onConfirm={async (password) => {
            const fresh = await newRecoveryCodes(password);
            setAsking(null);
            shown(fresh);
          }}
          onCancel={() => setAsking(null)}
        />
      ) : null}
      {asking === 'off' ? (
        <PasswordDialog
          id="profile-two-step-off-password"
          title="Turn off two-step verification?"
          description={<p>Your password alone will sign in again, and your recovery codes stop working. Enter your password to confirm.</p>}
          confirmLabel="Turn off"
          pendingLabel="Turning off..."
          formLabel="Turn off two-step verification"
          failureTitle="Still on"
          failureFallback={START_FAILURE}
          onConfirm={async (password) => {
            await turnTwoStepOff(password);
            setAsking(null);
            await mutate();
            toast({ title: 'Two-step verification is off', description: 'Your password alone signs in again.' });
            heading.current?.focus();
          }}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}

interface SetupFormProps {
  setup: TwoStepSetup;
  onOn: (codes: string[]) => void;
  onCancel: () => void;
}

/** The QR code and secret, and the first code that turns it on. */
function SetupForm({ setup, onOn, onCancel }: SetupFormProps): ReactElement {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const focusCode = (): void => document.getElementById(CODE_ID)?.focus();

  useLayoutEffect(() => {
    document.getElementById('two-step-setup-heading')?.focus();
  }, []);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(CODE_REQUIRED);
      focusCode();
      return;
    }
    setPending(true);
    try {
      onOn(await confirmTwoStep(code.trim()));
    } catch (err) {
      setPending(false);
      setError((isApiError(err) ? err.fieldErrors.code : undefined) ?? serverMessageOr(err, CONFIRM_FAILURE));
      focusCode();
    }
  };

  return (
    <form className="form profile-two-step-setup" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="two-step-setup-heading">
      <h4 id="two-step-setup-heading" tabIndex={-1} className="profile-two-step-step">
        1. Scan this QR code with your authenticator app
      </h4>
      <figure className="profile-two-step-qr">
        <QRCodeSVG value={setup.uri} size={176} marginSize={2} role="img" aria-label="QR code for your authenticator app" title="QR code for your authenticator app" />
        <figcaption className="text-sm">
          Or type this key into the app (time-based, 6 digits):{' '}
          <code className="profile-two-step-secret" data-testid="two-step-secret">
            {groupedSecret(setup.secret)}
          </code>
        </figcaption>
      </figure>
      <TextField
        id={CODE_ID}
        name="one-time-code"
        label="2. Enter the 6-digit code the app shows"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
        error={error}
        readOnly={pending}
      />
      <div className="profile-two-step-actions">
        <SubmitButton pending={pending} pendingLabel="Turning on...">
          Turn on
        </SubmitButton>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
