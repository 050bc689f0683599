import { useRef, useState, type ReactElement } from 'react';
import { useFormik } from 'formik';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/feedback/Alert';
import { PublicLayout } from '../../../components/layout/PublicLayout';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { serverMessageOr } from '../../../lib/serverErrors';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { requestPasswordReset } from '../api/authApi';
import { FormCard } from '../components/FormCard';
import { passwordResetRequestSchema, type PasswordResetRequestValues } from '../schemas';
import '../auth.css';

export const RESET_REQUEST_SENT =
  'If an account exists with that email, you will receive a password reset link shortly.';
export const REQUEST_FAILED = 'Something went wrong. Please try again.';

export default function PasswordResetRequestPage(): ReactElement {
  useDocumentTitle('Reset your password');
  const formRef = useRef<HTMLFormElement>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik<PasswordResetRequestValues>({
    initialValues: { email: '' },
    validationSchema: passwordResetRequestSchema,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        const answer = await requestPasswordReset(values.email.trim());
        setSent(answer?.message || RESET_REQUEST_SENT);
      } catch (error) {
        setFailure(serverMessageOr(error, REQUEST_FAILED));
      }
    },
  });
  const fieldError = useFieldErrors(formik, formRef);

  return (
    <PublicLayout>
      <FormCard
        titleId="reset-request-title"
        title="Reset your password"
        icon="lock"
        iconSize={28}
        footer={
          <>
            Remembered it? <Link to="/auth">Back to login</Link>
          </>
        }
      >
        {sent ? (
          <div className="form-card-intro">
            <Alert variant="success" role="status" title="Check your email">
              <p>{sent}</p>
              <p>The link is valid for a limited time. If it doesn&apos;t arrive, check your spam folder.</p>
            </Alert>
          </div>
        ) : (
          <>
            <p className="form-card-intro">
              Enter the email address of your account and we&apos;ll send you a link to choose a new password.
            </p>
            <form ref={formRef} className="form" noValidate onSubmit={formik.handleSubmit}>
              {failure ? (
                <Alert variant="danger" role="alert">
                  {failure}
                </Alert>
              ) : null}
              <TextField
                id="reset-request-email"
                name="email"
                type="email"
                label="Email"
                autoComplete="email"
                inputMode="email"
                value={formik.values.email}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
                error={fieldError('email')}
              />
              <SubmitButton pending={formik.isSubmitting} pendingLabel="Sending...">
                Send reset link
              </SubmitButton>
            </form>
          </>
        )}
      </FormCard>
    </PublicLayout>
  );
}
