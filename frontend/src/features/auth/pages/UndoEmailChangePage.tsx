import { type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { IDENTITY_MESSAGES } from '../../../lib/rules';
import { undoEmailChangeOnce } from '../api/authApi';
import { describeLinkFailure, TokenLinkPage } from '../components/TokenLinkPage';

export const UNDO_INVALID_LINK = IDENTITY_MESSAGES.undoInvalid;
export const UNDO_FAILED = 'Failed to restore your email address. Please try again.';
export const UNDO_UNREACHABLE = 'An error occurred while restoring your email address. Please try again later.';

function describeUndoFailure(error: unknown): string {
  return describeLinkFailure(error, { failed: UNDO_FAILED, unreachable: UNDO_UNREACHABLE });
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
  return (
    <TokenLinkPage
      name="Undo email change"
      send={undoEmailChangeOnce}
      messages={MESSAGES}
      loadingMessage="Restoring your email address..."
      success={{ title: 'Email Address Restored', actions: ACTIONS }}
      failure={{ title: 'Could Not Undo the Change', actions: ACTIONS }}
    />
  );
}
