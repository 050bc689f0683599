import { useRef, useState, type ReactElement } from 'react';
import { useFormik } from 'formik';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/feedback/Alert';
import { PublicLayout } from '../../../components/layout/PublicLayout';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { useFocusFirstError } from '../../../components/form/useFocusFirstError';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { resendVerification } from '../api/authApi';
import { FormCard } from '../components/FormCard';
import { resendVerificationSchema } from '../schemas';
import '../auth.css';

export const RESEND_FAILED = 'Something went wrong. Please try again.';
export const RESEND_UNREACHABLE = 'Failed to resend verification email. Please try again later.';
const RESEND_SENT = 'If an account with that email is waiting for verification, a new link is on its way.';

export function describeResendFailure(error: unknown): string {
  if (!isApiError(error)) return RESEND_UNREACHABLE;
  return error.serverMessage ?? RESEND_FAILED;
}

type Outcome = { kind: 'sent' | 'failed'; message: string } | null;

function hasRegisteredFlag(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { registered?: unknown }).registered === true;
}

export default function VerifyPendingPage(): ReactElement {
  useDocumentTitle('Verify your email');
  const [params] = useSearchParams();
  const location = useLocation();
  // Set by the registration form (router state), or by the server's answer to its native post.
  const justRegistered = hasRegisteredFlag(location.state) || params.get('registered') === '1';
  const initialEmail = params.get('email') ?? '';
  const formRef = useRef<HTMLFormElement>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const formik = useFormik({
    initialValues: { email: initialEmail },
    validationSchema: resendVerificationSchema,
    validateOnBlur: false,
    validateOnChange: false,
    onSubmit: async (values) => {
      setOutcome(null);
      try {
        const answer = await resendVerification(values.email.trim());
        setOutcome({ kind: 'sent', message: answer?.message || RESEND_SENT });
      } catch (error) {
        setOutcome({ kind: 'failed', message: describeResendFailure(error) });
      }
    },
  });
  useFocusFirstError(formik, formRef);

  return (
    <PublicLayout>
      <FormCard
        titleId="verify-pending-title"
        title="Verify your email"
        icon="mail"
        iconSize={30}
        footer={
          <>
            Already verified? <Link to="/auth">Back to login</Link>
          </>
        }
      >
        <div className="form-card-intro">
          {justRegistered ? (
            <Alert variant="success" role="status" className="form-card-alert">
              Thanks for registering.
            </Alert>
          ) : null}
          <p>
            {initialEmail ? (
              <>
                We sent an email to <span className="auth-email">{initialEmail}</span>.
              </>
            ) : (
              'We sent an email to the address you registered with.'
            )}{' '}
            Open the link in it to activate your account, then log in. If that address already has an account, the
            email tells you how to log in instead. If you can&apos;t find it, check your spam folder.
          </p>
        </div>

        <form ref={formRef} className="form" noValidate onSubmit={formik.handleSubmit}>
          {outcome ? (
            <Alert variant={outcome.kind === 'sent' ? 'success' : 'danger'} role={outcome.kind === 'sent' ? 'status' : 'alert'}>
              {outcome.message}
            </Alert>
          ) : null}
          <TextField
            id="verify-email-address"
            name="email"
            type="email"
            label="Email address"
            autoComplete="email"
            inputMode="email"
            value={formik.values.email}
            onChange={formik.handleChange}
            error={formik.submitCount > 0 ? formik.errors.email : undefined}
          />
          <SubmitButton pending={formik.isSubmitting} pendingLabel="Sending...">
            Resend verification email
          </SubmitButton>
        </form>
      </FormCard>
    </PublicLayout>
  );
}
