import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useToast } from '../../../components/toast';
import { submitNativeForm } from '../../../lib/navigation';
import { USER_KEY } from './authApi';

export const LOGOUT_FAILED_MESSAGE = 'There was a problem logging out. Please try again.';

/**
 * Logout: forget the cached user, then submit a native form POST to /api/logout with
 * `redirect=/auth`; the server clears both cookies and answers 303 to /auth.
 */
export function useLogout(): { logout: () => void; pending: boolean } {
  const { mutate } = useSWRConfig();
  const { toast } = useToast();
  const [pending, setPending] = useState(false);

  const logout = useCallback(() => {
    setPending(true);
    try {
      void mutate(USER_KEY, undefined, { revalidate: false });
      submitNativeForm('/api/logout', { redirect: '/auth' });
    } catch {
      setPending(false);
      toast({ variant: 'destructive', title: 'Logout failed', description: LOGOUT_FAILED_MESSAGE });
    }
  }, [mutate, toast]);

  return { logout, pending };
}
