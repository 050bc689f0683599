import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactElement } from 'react';
import { createPortal } from 'react-dom';
import { Alert } from '../../../components/feedback/Alert';
import { Spinner } from '../../../components/feedback/Spinner';
import { PasswordField } from '../../../components/form/PasswordField';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import { fullPageNavigate } from '../../../lib/navigation';
import { deleteAccount } from '../api/dataApi';

export const PASSWORD_REQUIRED = 'Password is required';
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

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), a[href]';

/** The dialog's focusable elements in document order (some engines group a selector list's matches). */
function tabbables(root: HTMLElement | null): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
}

/**
 * Asks for the password (role alertdialog, modal): focus starts in the password field,
 * Tab stays inside, Escape or the backdrop cancels, focus returns to the opener.
 */
function DeleteAccountDialog({ onCancel }: { onCancel: () => void }): ReactElement {
  const { toast } = useToast();
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusPassword();
    return () => {
      if (opener && opener.isConnected) opener.focus();
    };
  }, []);

  const clientError = password === '' ? PASSWORD_REQUIRED : undefined;
  const fieldError = serverError ?? (touched ? clientError : undefined);

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
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

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape' && !pending) {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = tabbables(dialogRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="profile-dialog-backdrop" onMouseDown={() => (pending ? undefined : onCancel())}>
      <div
        ref={dialogRef}
        className="profile-dialog card"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onMouseDown={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="profile-dialog-title">
          Delete your account?
        </h2>
        <p id={bodyId} className="profile-dialog-body">
          This deletes your readings, reports, preferences and sessions, and cannot be undone. Payment records are kept
          only for bookkeeping, detached from you. Enter your password to confirm.
        </p>
        <form className="form profile-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Delete account">
          {failure ? (
            <Alert variant="danger" role="alert">
              {failure}
            </Alert>
          ) : null}
          <PasswordField
            id={PASSWORD_ID}
            name="password"
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setServerError(null);
            }}
            onBlur={() => setTouched(true)}
            error={fieldError}
            readOnly={pending}
          />
          <div className="profile-dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={pending}>
              Cancel
            </button>
            <button type="submit" className="btn btn-danger" disabled={pending} aria-busy={pending || undefined}>
              {pending ? <Spinner size="sm" /> : null}
              {pending ? 'Deleting account...' : 'Delete my account'}
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
