import { useState, type ReactElement } from 'react';
import { fullPageNavigate } from '../../../lib/navigation';
import { deleteAccount } from '../api/profileApi';
import { PasswordDialog } from './PasswordDialog';

export { PASSWORD_REQUIRED } from './PasswordDialog';
export const DELETE_FAILURE = 'Failed to delete your account. Please try again.';

/** The danger zone at the end of the Security section. */
export function DeleteAccount(): ReactElement {
  const [open, setOpen] = useState(false);
  return (
    <div className="profile-danger" aria-labelledby="profile-delete-heading" role="group">
      <h3 id="profile-delete-heading" className="profile-subheading profile-danger-title">
        Delete account
      </h3>
      <p className="text-sm">
        Deleting your account removes your readings, reports, preferences and every signed-in session, at once and for
        good. Payment records are kept only for bookkeeping, detached from you. Download your data first (under Your
        data) if you want a copy.
      </p>
      <div>
        <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
          Delete account
        </button>
      </div>
      {open ? <DeleteAccountDialog onCancel={() => setOpen(false)} /> : null}
    </div>
  );
}

/** Asks for the password, then deletes the account and leaves for the sign-in page. */
function DeleteAccountDialog({ onCancel }: { onCancel: () => void }): ReactElement {
  return (
    <PasswordDialog
      id="profile-delete-password"
      title="Delete your account?"
      description={
        <p>
          This deletes your readings, reports, preferences and sessions, and cannot be undone. Payment records are kept
          only for bookkeeping, detached from you. Enter your password to confirm.
        </p>
      }
      confirmLabel="Delete my account"
      pendingLabel="Deleting account..."
      formLabel="Delete account"
      failureTitle="Account not deleted"
      failureFallback={DELETE_FAILURE}
      onConfirm={async (password) => {
        await deleteAccount(password);
        // The account and this session are gone: leave the app for the sign-in page.
        fullPageNavigate('/auth');
      }}
      onCancel={onCancel}
    />
  );
}
