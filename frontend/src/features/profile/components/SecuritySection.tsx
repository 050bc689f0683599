import { useRef, useState, type ReactElement } from 'react';
import { useFormik } from 'formik';
import { useSWRConfig } from 'swr';
import { Alert } from '../../../components/feedback/Alert';
import { PasswordField } from '../../../components/form/PasswordField';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useFocusFirstError } from '../../../components/form/useFocusFirstError';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import { pickFieldErrors, serverMessageOr } from '../../../lib/serverErrors';
import { changePassword } from '../api/profileApi';
import { passwordSchema, type PasswordValues } from '../schemas';
import { SectionCard } from '../../../components/layout/SectionCard';
import { DeleteAccount } from './DeleteAccount';
import { Passkeys } from './Passkeys';
import { SignedInDevices } from './SignedInDevices';
import { SecurityLog } from './SecurityLog';
import { TwoStepSettings } from './TwoStepSettings';
import { SESSIONS_KEY } from '../api/sessionsApi';
import '../profile.css';

export const PASSWORD_CHANGE_FAILURE = 'Failed to change your password. Please try again.';

type Field = keyof PasswordValues;
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];
const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function SecuritySection(): ReactElement {
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik<PasswordValues>({
    initialValues: EMPTY,
    validationSchema: passwordSchema,
    validateOnMount: true,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        const answer = await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
        helpers.resetForm({ values: EMPTY });
        // Every other session ended with the change.
        void mutate(SESSIONS_KEY);
        toast({ title: 'Password changed', description: answer.message });
      } catch (err) {
        if (isApiError(err)) {
          helpers.setErrors(pickFieldErrors(err, FIELDS));
          helpers.setTouched({ currentPassword: true, newPassword: true, confirmPassword: true }, false);
        }
        const message = serverMessageOr(err, PASSWORD_CHANGE_FAILURE);
        setFailure(message);
        toast({ variant: 'destructive', title: 'Password not changed', description: message });
      }
    },
  });
  useFocusFirstError(formik, formRef);

  // Change password stays disabled while the form is invalid, so the new password's rule
  // shows as soon as something is typed: the user sees why before any submit.
  const fieldError = (name: Field): string | undefined =>
    formik.touched[name] || formik.submitCount > 0 || (name === 'newPassword' && formik.values.newPassword !== '')
      ? formik.errors[name]
      : undefined;

  return (
    <SectionCard
      id="profile-security"
      title="Security"
      icon="lock"
      description="Change your password (other devices signed in to your account are signed out), add passkeys, turn on two-step verification, see where you are signed in and what happened to your account, or delete your account."
    >
      <form ref={formRef} className="form profile-form" noValidate onSubmit={formik.handleSubmit} aria-label="Change password">
        {failure ? (
          <Alert variant="danger" role="alert">
            {failure}
          </Alert>
        ) : null}
        <PasswordField
          id="profile-current-password"
          name="currentPassword"
          label="Current password"
          autoComplete="current-password"
          value={formik.values.currentPassword}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={fieldError('currentPassword')}
        />
        <div className="profile-grid">
          <NewPasswordFields
            name="newPassword"
            password={{
              id: 'profile-new-password',
              label: 'New password',
              value: formik.values.newPassword,
              error: fieldError('newPassword'),
            }}
            confirm={{
              id: 'profile-confirm-password',
              label: 'Confirm new password',
              value: formik.values.confirmPassword,
              error: fieldError('confirmPassword'),
            }}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
          />
        </div>
        <div className="profile-actions">
          <SubmitButton
            pending={formik.isSubmitting}
            pendingLabel="Changing password..."
            disabled={!formik.dirty || !formik.isValid}
          >
            Change password
          </SubmitButton>
        </div>
      </form>
      <Passkeys />
      <TwoStepSettings />
      <SignedInDevices />
      <SecurityLog />
      <DeleteAccount />
    </SectionCard>
  );
}
