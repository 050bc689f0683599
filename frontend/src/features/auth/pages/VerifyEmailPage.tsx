import { useEffect, useState, type ReactElement } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LoadingState } from '../../../components/feedback/Spinner';
import { Icon } from '../../../components/icons/Icon';
import { PublicLayout, StatusCard } from '../../../components/layout/PublicLayout';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { verifyEmailOnce } from '../api/authApi';

export const VERIFY_FAILED = 'Failed to verify your email. Please try again.';
export const VERIFY_INVALID_LINK = 'Invalid verification link. Please request a new one.';
export const VERIFY_UNREACHABLE = 'An error occurred during verification. Please try again later.';
const VERIFIED_TEXT = 'Your email address has been verified. You can now log in to Vitalog.';

export function describeVerifyFailure(error: unknown): string {
  if (!isApiError(error)) return VERIFY_UNREACHABLE;
  return error.serverMessage ?? VERIFY_FAILED;
}

type State = { kind: 'loading' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

export default function VerifyEmailPage(): ReactElement {
  useDocumentTitle('Email verification');
  const { token = '' } = useParams();
  const [result, setResult] = useState<{ token: string; state: State } | null>(null);

  useEffect(() => {
    if (!token) return undefined;
    let live = true;
    verifyEmailOnce(token).then(
      (answer) => {
        if (live) setResult({ token, state: { kind: 'success', message: answer?.message || VERIFIED_TEXT } });
      },
      (error: unknown) => {
        if (live) setResult({ token, state: { kind: 'error', message: describeVerifyFailure(error) } });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  let state: State;
  if (!token) state = { kind: 'error', message: VERIFY_INVALID_LINK };
  else if (result && result.token === token) state = result.state;
  else state = { kind: 'loading' };

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
