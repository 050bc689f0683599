import { useState, type ReactElement } from 'react';
import { Icon } from '../icons/Icon';
import { Tooltip } from '../tooltip/Tooltip';
import { TextField, type TextFieldProps } from './TextField';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a show/hide toggle button. */
export function PasswordField(props: PasswordFieldProps): ReactElement {
  const [visible, setVisible] = useState(false);
  const toggleLabel = visible ? 'Hide password' : 'Show password';
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <Tooltip content={toggleLabel}>
          <button
            type="button"
            className="field-toggle"
            aria-label={`${toggleLabel}: ${props.label}`}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            <Icon name={visible ? 'eye-off' : 'eye'} size={20} />
          </button>
        </Tooltip>
      }
    />
  );
}
