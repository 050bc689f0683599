import { useState, type FormEvent, type ReactElement } from 'react';
import { Alert } from '../../../components/feedback/Alert';
import { TextField } from '../../../components/form/TextField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { Icon } from '../../../components/icons/Icon';
import { StatusCard } from '../../../components/layout/PublicLayout';
import { isNetworkError } from '../../../lib/api';
import { SHARING_MESSAGES } from '../../../lib/rules';
import { isAccessCodeRefused, isNotFound, pickFieldErrors, serverMessageOr } from '../../../lib/serverErrors';
import { unlockShare } from '../api/sharedApi';

export const CODE_EMPTY = 'Enter the access code.';
export const CODE_NETWORK = 'The code could not be checked. Check your connection and try again.';

export interface AccessCodeFormProps {
  token: string;
  /** The server's 401 message ("This record is protected. ..."). */
  message: string;
  /** The code was right: the server set its cookie; load the record. */
  onUnlocked: () => Promise<unknown>;
  /** The link died meanwhile (404). */
  onGone: (error: unknown) => void;
}

/**
 * The access code the person gave separately. A wrong code shows the server's words under
 * the field; too many tries (429) show the server's message, which says when to try again.
 */
export function AccessCodeForm({ token, message, onUnlocked, onGone }: AccessCodeFormProps): ReactElement {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setFormError(null);
    if (code.trim() === '') {
      setFieldError(CODE_EMPTY);
      return;
    }
    setFieldError(undefined);
    setPending(true);
    try {
      await unlockShare(token, code.trim());
    } catch (error) {
      setPending(false);
      // Unknown, expired and withdrawn links all answer not_found.
      if (isNotFound(error)) {
        onGone(error);
      } else if (isAccessCodeRefused(error)) {
        setFieldError(pickFieldErrors(error, ['code'] as const).code ?? serverMessageOr(error, SHARING_MESSAGES.codeWrong));
      } else if (isNetworkError(error)) {
        setFormError(CODE_NETWORK);
      } else {
        setFormError(serverMessageOr(error, 'The code could not be checked. Try again in a moment.'));
      }
      return;
    }
    await onUnlocked().catch(() => undefined);
    setPending(false);
  };

  return (
    <StatusCard tone="neutral" icon={<Icon name="lock" size={32} />} title="Enter the access code">
      <p>{message}</p>
      <form className="shared-code-form" onSubmit={(e) => void submit(e)} noValidate>
        {formError ? (
          <Alert variant="danger" role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextField
          label="Access code"
          name="code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={fieldError}
          hint="The person who shared this record gave it to you separately."
        />
        <SubmitButton pending={pending} pendingLabel="Checking…">
          Open the record
        </SubmitButton>
      </form>
    </StatusCard>
  );
}
