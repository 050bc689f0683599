import { type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { LoadingState } from '../../../components/feedback/Spinner';
import { Icon } from '../../../components/icons/Icon';
import { PublicLayout, StatusCard } from '../../../components/layout/PublicLayout';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { verifyEmailOnce } from '../api/authApi';
import { useTokenLink } from '../useTokenLink';

export const VERIFY_FAILED = 'Failed to verify your email. Please try again.';
export const VERIFY_INVALID_LINK = 'Invalid verification link. Please request a new one.';
export const VERIFY_UNREACHABLE = 'An error occurred during verification. Please try again later.';
const VERIFIED_TEXT = 'Your email address has been verified. You can now log in to Vitalog.';

export function describeVerifyFailure(error: unknown): string {
  if (!isApiError(error)) return VERIFY_UNREACHABLE;
  return error.serverMessage ?? VERIFY_FAILED;
}

const MESSAGES = {
  success: VERIFIED_TEXT,
  invalidLink: VERIFY_INVALID_LINK,
  describeFailure: describeVerifyFailure,
};

export default function VerifyEmailPage(): ReactElement {
  useDocumentTitle('Email verification');
  const state = useTokenLink(verifyEmailOnce, MESSAGES);

  return (
    <PublicLayout>
      {state.kind === 'loading' ? (
        <section className="card" aria-label="Email verification">
          <LoadingState message="Verifying your email address..." />
        </section>
      ) : null}
      {state.kind === 'success' ? (
        <StatusCard
          tone="success"
          icon={<Icon name="check-circle" size={32} />}
          title="Email Verified!"
          actions={
            <Link to="/auth" className="btn btn-primary btn-block">
              Proceed to Login
            </Link>
          }
        >
          <p>{state.message}</p>
        </StatusCard>
      ) : null}
      {state.kind === 'error' ? (
        <StatusCard
          tone="danger"
          icon={<Icon name="alert-circle" size={32} />}
          title="Verification Failed"
          actions={
            <>
              <Link to="/verify-pending" className="btn btn-primary btn-block">
                Resend Verification Email
              </Link>
              <Link to="/auth" className="btn btn-secondary btn-block">
                Back to login
              </Link>
            </>
          }
        >
          <p role="alert">{state.message}</p>
        </StatusCard>
      ) : null}
    </PublicLayout>
  );
}
