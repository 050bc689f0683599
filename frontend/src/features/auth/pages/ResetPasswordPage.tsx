import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useFormik } from 'formik';
import useSWR from 'swr';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert } from '../../../components/feedback/Alert';
import { LoadingState } from '../../../components/feedback/Spinner';
import { Icon } from '../../../components/icons/Icon';
import { PublicLayout, StatusCard } from '../../../components/layout/PublicLayout';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { IDENTITY_MESSAGES } from '../../../lib/rules';
import { isInvalid, pickFieldErrors, serverMessageOr } from '../../../lib/serverErrors';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { resetPassword, resetTokenKey, verifyResetToken } from '../api/authApi';
import type { ResetTokenStatus } from '../api/types';
import { FormCard } from '../components/FormCard';
import { resetPasswordSchema, type ResetPasswordValues } from '../schemas';
import '../auth.css';

export const RESET_INVALID = IDENTITY_MESSAGES.resetInvalid;
export const RESET_TOKEN_MISSING = IDENTITY_MESSAGES.tokenMissing;
export const RESET_CHECK_UNREACHABLE = "We couldn't check your reset link. Please try again in a moment.";
export const RESET_FAILED = 'Something went wrong. Please try again.';
export const RESET_DONE = 'Your password has been reset.';
/** After a successful reset, /auth follows after this many milliseconds. */
export const RESET_REDIRECT_MS = 3000;

function RequestNewLink(): ReactElement {
  return (
    <>
      <Link to="/password-reset-request" className="btn btn-primary btn-block">
        Request a new link
      </Link>
      <Link to="/auth" className="btn btn-secondary btn-block">
        Back to login
      </Link>
    </>
  );
}

export default function ResetPasswordPage(): ReactElement {
  useDocumentTitle('Choose a new password');
  const { token = '' } = useParams();
  if (!token) {
    return (
      <PublicLayout>
        <StatusCard tone="danger" icon={<Icon name="alert-circle" size={32} />} title="Reset link incomplete" actions={<RequestNewLink />}>
          <p role="alert">{RESET_TOKEN_MISSING}</p>
        </StatusCard>
      </PublicLayout>
    );
  }
  return <ResetWithToken token={token} />;
}

function ResetWithToken({ token }: { token: string }): ReactElement {
  const { data, error, isLoading, mutate } = useSWR<ResetTokenStatus>(resetTokenKey(token), () => verifyResetToken(token));
  const [done, setDone] = useState<string | null>(null);

  if (done) return <ResetDone message={done} />;

  let body: ReactElement;
  if (isLoading || (!data && !error)) {
    body = (
      <section className="card" aria-label="Password reset">
        <LoadingState message="Verifying your reset link..." />
      </section>
    );
  } else if (data?.valid === true) {
    body = <ResetForm token={token} onDone={setDone} />;
  } else if (error !== undefined && !isInvalid(error)) {
    body = (
      <StatusCard
        tone="warning"
        icon={<Icon name="warning" size={32} />}
        title="Couldn't check the link"
        actions={
          <button type="button" className="btn btn-primary btn-block" onClick={() => void mutate()}>
            Try again
          </button>
        }
      >
        <p role="alert">{RESET_CHECK_UNREACHABLE}</p>
      </StatusCard>
    );
  } else {
    body = (
      <StatusCard tone="danger" icon={<Icon name="alert-circle" size={32} />} title="Link expired or invalid" actions={<RequestNewLink />}>
        <p role="alert">{RESET_INVALID}</p>
      </StatusCard>
    );
  }
  return <PublicLayout>{body}</PublicLayout>;
}

function ResetDone({ message }: { message: string }): ReactElement {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/auth', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <PublicLayout>
      <StatusCard
        tone="success"
        icon={<Icon name="check-circle" size={32} />}
        title="Password Reset"
        actions={
          <Link to="/auth" className="btn btn-primary btn-block">
            Go to login now
          </Link>
        }
      >
        <p role="status">{message}</p>
        <p>Taking you to the login page in a few seconds...</p>
      </StatusCard>
    </PublicLayout>
  );
}

function ResetForm({ token, onDone }: { token: string; onDone: (message: string) => void }): ReactElement {
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const formik = useFormik<ResetPasswordValues>({
    initialValues: { password: '', confirmPassword: '' },
    validationSchema: resetPasswordSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        const answer = await resetPassword(token, values.password);
        onDone(answer?.message || RESET_DONE);
      } catch (error) {
        helpers.setErrors(pickFieldErrors(error, ['password'] as const));
        setFailure(serverMessageOr(error, RESET_FAILED));
      }
    },
  });
  const fieldError = useFieldErrors(formik, formRef);

  return (
    <FormCard titleId="reset-title" title="Choose a new password" icon="lock" iconSize={28} footer={<Link to="/auth">Back to login</Link>}>
      <p className="form-card-intro">Pick a password you don&apos;t use anywhere else. You&apos;ll log in with it next.</p>
      <form ref={formRef} className="form" noValidate onSubmit={formik.handleSubmit}>
        {failure ? (
          <Alert variant="danger" role="alert">
            {failure}
          </Alert>
        ) : null}
        <NewPasswordFields
          name="password"
          password={{ id: 'reset-password', label: 'New password', value: formik.values.password, error: fieldError('password') }}
          confirm={{
            id: 'reset-confirm',
            label: 'Confirm new password',
            value: formik.values.confirmPassword,
            error: fieldError('confirmPassword'),
          }}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
        />
        <SubmitButton pending={formik.isSubmitting} pendingLabel="Resetting...">
          Reset Password
        </SubmitButton>
      </form>
    </FormCard>
  );
}
