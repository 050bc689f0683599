import type { ReactElement } from 'react';
import { Alert } from '../../../components/feedback/Alert';
import { PasswordField } from '../../../components/form/PasswordField';

interface PasswordConfirmProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The password field's own error (missing, or wrong). */
  error: string | undefined;
  /** Why the confirmed action failed otherwise. */
  failure: string | null;
  pending: boolean;
}

/** The password a grave change asks for again (deleting the account, removing a passkey), inside its dialog. */
export function PasswordConfirm({ id, value, onChange, onBlur, error, failure, pending }: PasswordConfirmProps): ReactElement {
  return (
    <>
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
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        error={error}
        readOnly={pending}
      />
    </>
  );
}
