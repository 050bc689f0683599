import { useState, type ReactElement } from 'react';
import { Dialog } from '../components/dialog/Dialog';
import { useToast } from '../components/toast';
import { useLogout } from '../features/auth/api/useLogout';
import { isOnline } from '../lib/connection';
import { clearQueue, countQueued } from '../features/readings/api/offlineQueue';

/** What the sign-out warning says about `count` unsent readings. */
export function unsentWarning(count: number): string {
  return count === 1
    ? '1 reading on this device has not been sent. Sign out and discard it?'
    : `${count} readings on this device have not been sent. Sign out and discard them?`;
}

export const SIGN_OUT_OFFLINE = 'Signing out needs a connection: the server ends the session. Your readings stay on this device meanwhile.';

/**
 * Sign-out for the shell: offline it explains that it needs the server; with readings still
 * queued on this device it asks first, since signing out discards them (the queue belongs
 * to this account and must not stay behind on a shared device).
 */
export function useSignOut(userId: number): { signOut: () => void; pending: boolean; dialog: ReactElement | null } {
  const { logout, pending } = useLogout();
  const { toast } = useToast();
  const [unsent, setUnsent] = useState<number | null>(null);
  const [discarding, setDiscarding] = useState(false);

  const signOut = (): void => {
    if (!isOnline()) {
      toast({ title: "You're offline", description: SIGN_OUT_OFFLINE });
      return;
    }
    countQueued(userId).then(
      (count) => (count > 0 ? setUnsent(count) : logout()),
      // The queue cannot be read: there is nothing this device could send either.
      () => logout(),
    );
  };

  const discardAndSignOut = async (): Promise<void> => {
    setDiscarding(true);
    try {
      await clearQueue(userId);
    } catch (error) {
      console.error('offline queue', error);
    }
    logout();
  };

  const dialog =
    unsent === null ? null : (
      <Dialog
        title="Unsent readings"
        description={<p>{unsentWarning(unsent)}</p>}
        confirmLabel="Sign out and discard"
        pendingLabel="Signing out…"
        busy={discarding || pending}
        onConfirm={() => void discardAndSignOut()}
        onCancel={() => setUnsent(null)}
      />
    );
  return { signOut, pending: pending || discarding, dialog };
}
