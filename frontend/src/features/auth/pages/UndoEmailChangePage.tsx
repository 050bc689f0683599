import { type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { LoadingState } from '../../../components/feedback/Spinner';
import { Icon } from '../../../components/icons/Icon';
import { PublicLayout, StatusCard } from '../../../components/layout/PublicLayout';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { undoEmailChangeOnce } from '../api/authApi';
import { useTokenLink } from '../useTokenLink';

export const UNDO_INVALID_LINK =
  'This link is invalid or has expired. If your email address was changed without your consent, reset your password.';
export const UNDO_FAILED = 'Failed to restore your email address. Please try again.';
export const UNDO_UNREACHABLE = 'An error occurred while restoring your email address. Please try again later.';

function describeUndoFailure(error: unknown): string {
  if (!isApiError(error)) return UNDO_UNREACHABLE;
  return error.serverMessage ?? UNDO_FAILED;
}

const MESSAGES = {
  // The server always says what happened; this is only its fallback.
  success: 'Your email address has been restored.',
  invalidLink: UNDO_INVALID_LINK,
  describeFailure: describeUndoFailure,
};

const ACTIONS = (
  <>
    <Link to="/password-reset-request" className="btn btn-primary btn-block">
      Reset your password
    </Link>
    <Link to="/auth" className="btn btn-secondary btn-block">
      Back to login
    </Link>
  </>
);

/** The link emailed to the old address after an email change: puts that address back. */
export default function UndoEmailChangePage(): ReactElement {
  useDocumentTitle('Undo email change');
  const state = useTokenLink(undoEmailChangeOnce, MESSAGES);

  return (
    <PublicLayout>
      {state.kind === 'loading' ? (
        <section className="card" aria-label="Undo email change">
          <LoadingState message="Restoring your email address..." />
        </section>
      ) : null}
      {state.kind === 'success' ? (
        <StatusCard
          tone="success"
          icon={<Icon name="check-circle" size={32} />}
          title="Email Address Restored"
          actions={ACTIONS}
        >
          <p>{state.message}</p>
        </StatusCard>
      ) : null}
      {state.kind === 'error' ? (
        <StatusCard
          tone="danger"
          icon={<Icon name="alert-circle" size={32} />}
          title="Could Not Undo the Change"
          actions={ACTIONS}
        >
          <p role="alert">{state.message}</p>
        </StatusCard>
      ) : null}
    </PublicLayout>
  );
}
