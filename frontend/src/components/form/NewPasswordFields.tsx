import type { ChangeEventHandler, FocusEventHandler, ReactElement } from 'react';
import { PASSWORD_HINT } from '../../lib/passwordRules';
import { PasswordField } from './PasswordField';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

interface NewPasswordInput {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
}

export interface NewPasswordFieldsProps {
  /** The new password's field name in the form ('password' or 'newPassword'). */
  name: string;
  password: NewPasswordInput;
  /** Its confirmation, always named `confirmPassword`. */
  confirm: NewPasswordInput;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur: FocusEventHandler<HTMLInputElement>;
}

/** A new password (with the rules' hint and the strength meter) and its confirmation. */
export function NewPasswordFields({ name, password, confirm, onChange, onBlur }: NewPasswordFieldsProps): ReactElement {
  return (
    <>
      <PasswordField
        id={password.id}
        name={name}
        label={password.label}
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        value={password.value}
        onChange={onChange}
        onBlur={onBlur}
        error={password.error}
        after={<PasswordStrengthMeter password={password.value} />}
      />
      <PasswordField
        id={confirm.id}
        name="confirmPassword"
        label={confirm.label}
        autoComplete="new-password"
        value={confirm.value}
        onChange={onChange}
        onBlur={onBlur}
        error={confirm.error}
      />
    </>
  );
}
