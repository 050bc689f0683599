import { useEffect, useState, type ReactElement } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LoadingState } from '../../../components/feedback/Spinner';
import { Icon } from '../../../components/icons/Icon';
import { PublicLayout, StatusCard } from '../../../components/layout/PublicLayout';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { undoEmailChangeOnce } from '../api/authApi';

export const UNDO_INVALID_LINK =
  'This link is invalid or has expired. If your email address was changed without your consent, reset your password.';
export const UNDO_FAILED = 'Failed to restore your email address. Please try again.';
export const UNDO_UNREACHABLE = 'An error occurred while restoring your email address. Please try again later.';

function describeUndoFailure(error: unknown): string {
  if (!isApiError(error)) return UNDO_UNREACHABLE;
  return error.serverMessage ?? UNDO_FAILED;
}

type State = { kind: 'loading' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

/** The link emailed to the old address after an email change: puts that address back. */
export default function UndoEmailChangePage(): ReactElement {
  useDocumentTitle('Undo email change');
  const { token = '' } = useParams();
  const [result, setResult] = useState<{ token: string; state: State } | null>(null);

  useEffect(() => {
    if (!token) return undefined;
    let live = true;
    undoEmailChangeOnce(token).then(
      (answer) => {
        if (live) setResult({ token, state: { kind: 'success', message: answer.message } });
      },
      (error: unknown) => {
        if (live) setResult({ token, state: { kind: 'error', message: describeUndoFailure(error) } });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  let state: State;
  if (!token) state = { kind: 'error', message: UNDO_INVALID_LINK };
  else if (result && result.token === token) state = result.state;
  else state = { kind: 'loading' };

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
          actions={
            <>
              <Link to="/password-reset-request" className="btn btn-primary btn-block">
                Reset your password
              </Link>
              <Link to="/auth" className="btn btn-secondary btn-block">
                Back to login
              </Link>
            </>
          }
        >
          <p>{state.message}</p>
        </StatusCard>
      ) : null}
      {state.kind === 'error' ? (
        <StatusCard
          tone="danger"
          icon={<Icon name="alert-circle" size={32} />}
          title="Could Not Undo the Change"
          actions={
            <>
              <Link to="/password-reset-request" className="btn btn-primary btn-block">
                Reset your password
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
