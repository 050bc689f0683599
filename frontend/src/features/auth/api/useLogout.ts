import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useToast } from '../../../components/toast';
import { clearDrafts } from '../../../lib/drafts';
import { submitNativeForm } from '../../../lib/navigation';
import { clearOfflineProfile } from '../../../lib/offlineProfile';
import { USER_KEY } from '../../../lib/session';

export const LOGOUT_FAILED_MESSAGE = 'There was a problem logging out. Please try again.';

/**
 * Logout: submit a native form POST to /api/logout with `redirect=/auth` (the server
 * clears both cookies and answers 303 to /auth), forget the cached user and remove the
 * drafts kept in this tab (`lib/drafts`) and the profile kept to open offline. If the form
 * cannot be submitted the user stays signed in and a toast explains.
 */
export function useLogout(): { logout: () => void; pending: boolean } {
  const { mutate } = useSWRConfig();
  const { toast } = useToast();
  const [pending, setPending] = useState(false);

  const logout = useCallback(() => {
    setPending(true);
    try {
      submitNativeForm('/api/logout', { redirect: '/auth' });
      // Readings typed but not saved stay on the device no longer than the session.
      clearDrafts();
      // Nor may the app open offline as this user afterwards.
      clearOfflineProfile();
      // The browser is now leaving for /auth; forget the user meanwhile.
      void mutate(USER_KEY, undefined, { revalidate: false });
    } catch {
      setPending(false);
      toast({ variant: 'destructive', title: 'Logout failed', description: LOGOUT_FAILED_MESSAGE });
    }
  }, [mutate, toast]);

  return { logout, pending };
}
