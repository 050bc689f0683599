import { type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { verifyEmailOnce } from '../api/authApi';
import { describeLinkFailure, TokenLinkPage } from '../components/TokenLinkPage';

export const VERIFY_FAILED = 'Failed to verify your email. Please try again.';
export const VERIFY_INVALID_LINK = 'Invalid verification link. Please request a new one.';
export const VERIFY_UNREACHABLE = 'An error occurred during verification. Please try again later.';
const VERIFIED_TEXT = 'Your email address has been verified. You can now log in to Vitalog.';

export function describeVerifyFailure(error: unknown): string {
  return describeLinkFailure(error, { failed: VERIFY_FAILED, unreachable: VERIFY_UNREACHABLE });
}

const MESSAGES = {
  success: VERIFIED_TEXT,
  invalidLink: VERIFY_INVALID_LINK,
  describeFailure: describeVerifyFailure,
};

export default function VerifyEmailPage(): ReactElement {
  return (
    <TokenLinkPage
      name="Email verification"
      send={verifyEmailOnce}
      messages={MESSAGES}
      loadingMessage="Verifying your email address..."
      success={{
        title: 'Email Verified!',
        actions: (
          <Link to="/auth" className="btn btn-primary btn-block">
            Proceed to Login
          </Link>
        ),
      }}
      failure={{
        title: 'Verification Failed',
        actions: (
          <>
            <Link to="/verify-pending" className="btn btn-primary btn-block">
              Resend Verification Email
            </Link>
            <Link to="/auth" className="btn btn-secondary btn-block">
              Back to login
            </Link>
          </>
        ),
      }}
    />
  );
}
