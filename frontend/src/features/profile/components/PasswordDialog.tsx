import { useState, type ReactElement, type ReactNode } from 'react';
import { Dialog } from '../../../components/dialog/Dialog';
import { Alert } from '../../../components/feedback/Alert';
import { PasswordField } from '../../../components/form/PasswordField';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import { IDENTITY_MESSAGES } from '../../../lib/rules';

export const PASSWORD_REQUIRED = IDENTITY_MESSAGES.passwordRequired;

export interface PasswordDialogProps {
  /** The password field's id (focused on open, and again on a wrong password). */
  id: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /** The form's accessible name. */
  formLabel: string;
  /** The toast's title when it fails for another reason than the password. */
  failureTitle: string;
  failureFallback: string;
  confirmVariant?: 'danger' | 'primary';
  /** Does the change with the password typed; a `password` field error shows on the field. */
  onConfirm: (password: string) => Promise<void>;
  onCancel: () => void;
}

/**
 * A grave change confirmed by the password (role alertdialog, modal): focus starts in the
 * password field, Tab stays inside, Escape or the backdrop cancels, focus returns to the
 * opener. The server counts each password tried as a login attempt.
 */
export function PasswordDialog({
  id,
  title,
  description,
  confirmLabel,
  pendingLabel,
  formLabel,
  failureTitle,
  failureFallback,
  confirmVariant,
  onConfirm,
  onCancel,
}: PasswordDialogProps): ReactElement {
  const { toast } = useToast();
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const clientError = password === '' ? PASSWORD_REQUIRED : undefined;
  const fieldError = serverError ?? (touched ? clientError : undefined);
  const focusPassword = (): void => document.getElementById(id)?.focus();

  const onSubmit = async (): Promise<void> => {
    setTouched(true);
    setFailure(null);
    if (clientError) {
      focusPassword();
      return;
    }
    setPending(true);
    try {
      await onConfirm(password);
    } catch (err) {
      setPending(false);
      const passwordError = isApiError(err) ? err.fieldErrors.password : undefined;
      if (passwordError) {
        setServerError(passwordError);
        focusPassword();
        return;
      }
      const message = (isApiError(err) ? err.serverMessage : undefined) ?? failureFallback;
      setFailure(message);
      toast({ variant: 'destructive', title: failureTitle, description: message });
    }
  };

  return (
    <Dialog
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      pendingLabel={pendingLabel}
      busy={pending}
      onConfirm={() => void onSubmit()}
      onCancel={onCancel}
      formLabel={formLabel}
      initialFocusId={id}
      confirmVariant={confirmVariant}
    >
      {failure ? (
        <Alert variant="danger" role="alert">
          {failure}
        </Alert>
      ) : null}
      <PasswordField
        id={id}
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
    </Dialog>
  );
}
