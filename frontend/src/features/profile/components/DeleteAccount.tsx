import { useState, type ReactElement } from 'react';
import { Dialog } from '../../../components/dialog/Dialog';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import { fullPageNavigate } from '../../../lib/navigation';
import { IDENTITY_MESSAGES } from '../../../lib/rules';
import { deleteAccount } from '../api/profileApi';
import { PasswordConfirm } from './PasswordConfirm';

export const PASSWORD_REQUIRED = IDENTITY_MESSAGES.passwordRequired;
export const DELETE_FAILURE = 'Failed to delete your account. Please try again.';

/** The danger zone at the end of the Security section. */
export function DeleteAccount(): ReactElement {
  const [open, setOpen] = useState(false);
  return (
    <div className="profile-danger" aria-labelledby="profile-delete-heading" role="group">
      <h3 id="profile-delete-heading" className="profile-subheading profile-danger-title">
        Delete account
      </h3>
      <p className="text-sm">
        Deleting your account removes your readings, reports, preferences and every signed-in session, at once and for
        good. Payment records are kept only for bookkeeping, detached from you. Download your data first (under Your
        data) if you want a copy.
      </p>
      <div>
        <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
          Delete account
        </button>
      </div>
      {open ? <DeleteAccountDialog onCancel={() => setOpen(false)} /> : null}
    </div>
  );
}

const PASSWORD_ID = 'profile-delete-password';

function focusPassword(): void {
  document.getElementById(PASSWORD_ID)?.focus();
}

/**
 * Asks for the password (role alertdialog, modal): focus starts in the password field,
 * Tab stays inside, Escape or the backdrop cancels, focus returns to the opener.
 */
function DeleteAccountDialog({ onCancel }: { onCancel: () => void }): ReactElement {
  const { toast } = useToast();
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const clientError = password === '' ? PASSWORD_REQUIRED : undefined;
  const fieldError = serverError ?? (touched ? clientError : undefined);

  const onSubmit = async (): Promise<void> => {
    setTouched(true);
    setFailure(null);
    if (clientError) {
      focusPassword();
      return;
    }
    setPending(true);
    try {
      await deleteAccount(password);
      // The account and this session are gone: leave the app for the sign-in page.
      fullPageNavigate('/auth');
    } catch (err) {
      setPending(false);
      const passwordError = isApiError(err) ? err.fieldErrors.password : undefined;
      if (passwordError) {
        setServerError(passwordError);
        focusPassword();
        return;
      }
      const message = (isApiError(err) ? err.serverMessage : undefined) ?? DELETE_FAILURE;
      setFailure(message);
      toast({ variant: 'destructive', title: 'Account not deleted', description: message });
    }
  };

  return (
    <Dialog
      title="Delete your account?"
      description={
        <p>
          This deletes your readings, reports, preferences and sessions, and cannot be undone. Payment records are kept
          only for bookkeeping, detached from you. Enter your password to confirm.
        </p>
      }
      confirmLabel="Delete my account"
      pendingLabel="Deleting account..."
      busy={pending}
      onConfirm={() => void onSubmit()}
      onCancel={onCancel}
      formLabel="Delete account"
      initialFocusId={PASSWORD_ID}
    >
      <PasswordConfirm
        id={PASSWORD_ID}
        value={password}
        onChange={(value) => {
          setPassword(value);
          setServerError(null);
        }}
        onBlur={() => setTouched(true)}
        error={fieldError}
        failure={failure}
        pending={pending}
      />
    </Dialog>
  );
}
