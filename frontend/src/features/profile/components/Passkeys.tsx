import { useRef, useState, type FormEvent, type ReactElement } from 'react';
import { Alert } from '../../../components/feedback/Alert';
import { Spinner } from '../../../components/feedback/Spinner';
import { TextField } from '../../../components/form/TextField';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import { formatInstantDate } from '../../../lib/dates';
import { createPasskey, describeCeremonyFailure, startPasskeyRegistration, usePasskeysAvailable } from '../../../lib/passkeys';
import { isNotFound, serverMessageOr } from '../../../lib/serverErrors';
import { PasswordDialog } from './PasswordDialog';
import { finishPasskeyRegistration, removePasskey, renamePasskey, usePasskeys, type Passkey } from '../api/passkeysApi';

export const PASSKEYS_LOAD_FAILURE = 'Your passkeys could not be loaded.';
const ADD_FAILURE = 'The passkey could not be added. Please try again.';
const RENAME_FAILURE = 'The passkey could not be renamed. Please try again.';
const REMOVE_FAILURE = 'The passkey could not be removed. Please try again.';

/**
 * Passkeys (issue 38), in the Security section: Add a passkey (the platform's prompt, then a
 * name), the list with when each was added and last used, Rename, and Remove (confirmed
 * by the password). Hidden where the browser or the server cannot do passkeys.
 */
export function Passkeys(): ReactElement | null {
  const available = usePasskeysAvailable();
  if (available !== true) return null;
  return <PasskeyCard />;
}

function PasskeyCard(): ReactElement {
  const { passkeys, error, mutate } = usePasskeys();
  const { toast } = useToast();
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [naming, setNaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  /** The platform's prompt for the options the password got, then the name. */
  const add = async (options: unknown): Promise<void> => {
    setAdding(true);
    try {
      const credential = await createPasskey(options);
      const added = await finishPasskeyRegistration(credential);
      await mutate();
      toast({ title: 'Passkey added', description: `You can now sign in with it. Give it a name you will recognise.` });
      setNaming(added);
    } catch (err) {
      const prompt = describeCeremonyFailure(err, true);
      if (prompt !== null || !(err instanceof DOMException)) {
        toast({ variant: 'destructive', title: 'Passkey not added', description: prompt ?? serverMessageOr(err, ADD_FAILURE) });
      }
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="profile-devices" role="group" aria-labelledby="profile-passkeys-heading">
      <h3 id="profile-passkeys-heading" className="profile-subheading" ref={heading} tabIndex={-1}>
        Passkeys
      </h3>
      {error ? (
        <Alert variant="danger" role="alert">
          {serverMessageOr(error, PASSKEYS_LOAD_FAILURE)}
        </Alert>
      ) : passkeys === undefined ? (
        <p className="profile-busy" role="status" aria-live="polite">
          <Spinner size="sm" /> Loading your passkeys...
        </p>
      ) : passkeys.length === 0 ? (
        <p className="text-sm">
          A passkey signs you in with your phone&apos;s or computer&apos;s fingerprint, face or screen lock instead of
          your password.
        </p>
      ) : (
        <ul className="profile-device-list" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="profile-device">
              {naming?.id === passkey.id ? (
                <NameForm
                  passkey={passkey}
                  onDone={async () => {
                    setNaming(null);
                    await mutate();
                    heading.current?.focus();
                  }}
                />
              ) : (
                <>
                  <div className="profile-device-text">
                    <p className="profile-device-name">{passkey.name}</p>
                    <p className="profile-device-meta">
                      Added {formatInstantDate(passkey.createdAt)}
                      {' · '}
                      {passkey.lastUsedAt ? `Last used ${formatInstantDate(passkey.lastUsedAt)}` : 'Not used yet'}
                    </p>
                  </div>
                  <div className="profile-passkey-actions">
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      aria-label={`Rename ${passkey.name}`}
                      onClick={() => setNaming(passkey)}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      aria-label={`Remove ${passkey.name}`}
                      onClick={() => setRemoving(passkey)}
                    >
                      Remove
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <div>
        <button type="button" className="btn btn-secondary" disabled={adding} aria-busy={adding || undefined} onClick={() => setConfirming(true)}>
          {adding ? <Spinner size="sm" /> : null}
          Add a passkey
        </button>
      </div>
      {confirming ? (
        <PasswordDialog
          id="profile-passkey-add-password"
          title="Add a passkey"
          description={<p>Enter your password to confirm. Then your device asks you to create the passkey with its fingerprint, face or screen lock.</p>}
          confirmLabel="Continue"
          pendingLabel="Checking..."
          formLabel="Add a passkey"
          failureTitle="Passkey not added"
          failureFallback={ADD_FAILURE}
          confirmVariant="primary"
          onConfirm={async (password) => {
            const options = await startPasskeyRegistration(password);
            setConfirming(false);
            await add(options);
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
      {removing ? (
        <RemoveDialog
          passkey={removing}
          onDone={async () => {
            setRemoving(null);
            await mutate();
            heading.current?.focus();
          }}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </div>
  );
}

/** Names a passkey (just added, or renamed), in place of its row. */
function NameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => Promise<void> }): ReactElement {
  const { toast } = useToast();
  const [name, setName] = useState(passkey.name);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const id = `profile-passkey-name-${passkey.id}`;

  const save = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (name.trim() === '') {
      setFieldError('Please give the passkey a name.');
      document.getElementById(id)?.focus();
      return;
    }
    setPending(true);
    try {
      const renamed = await renamePasskey(passkey.id, name);
      toast({ title: 'Passkey named', description: `It is called “${renamed.name}”.` });
      await onDone();
    } catch (err) {
      setPending(false);
      const message = (isApiError(err) ? err.fieldErrors.name : undefined) ?? serverMessageOr(err, RENAME_FAILURE);
      if (isNotFound(err)) {
        toast({ variant: 'destructive', title: 'Passkey not renamed', description: message });
        await onDone();
        return;
      }
      setFieldError(message);
    }
  };

  return (
    <form className="profile-passkey-name" onSubmit={(e) => void save(e)} aria-label={`Name the passkey ${passkey.name}`} noValidate>
      <TextField
        id={id}
        label="Passkey name"
        hint="For example “Phone” or “Work laptop”."
        value={name}
        maxLength={64}
        autoFocus
        autoComplete="off"
        onChange={(e) => {
          setName(e.target.value);
          setFieldError(undefined);
        }}
        error={fieldError}
        readOnly={pending}
      />
      <div className="profile-passkey-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={pending} aria-busy={pending || undefined}>
          {pending ? <Spinner size="sm" /> : null}
          Save name
        </button>
        <button type="button" className="btn btn-secondary btn-sm" disabled={pending} onClick={() => void onDone()}>
          Keep “{passkey.name}”
        </button>
      </div>
    </form>
  );
}

const REMOVE_PASSWORD_ID = 'profile-passkey-remove-password';

/** Asks for the password, then removes the passkey. */
function RemoveDialog({
  passkey,
  onDone,
  onCancel,
}: {
  passkey: Passkey;
  onDone: () => Promise<void>;
  onCancel: () => void;
}): ReactElement {
  const { toast } = useToast();
  return (
    <PasswordDialog
      id={REMOVE_PASSWORD_ID}
      title={`Remove “${passkey.name}”?`}
      description={<p>It will no longer sign in to your account. Enter your password to confirm.</p>}
      confirmLabel="Remove passkey"
      pendingLabel="Removing..."
      formLabel="Remove passkey"
      failureTitle="Passkey not removed"
      failureFallback={REMOVE_FAILURE}
      onConfirm={async (password) => {
        await removePasskey(passkey.id, password);
        toast({ title: 'Passkey removed', description: `“${passkey.name}” no longer signs in to your account.` });
        await onDone();
      }}
      onCancel={onCancel}
    />
  );
}
