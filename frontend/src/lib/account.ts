/**
 * Who the signed-in frame is for: the server's user, or (started without a connection) the
 * profile this device kept (`offlineProfile.ts`). Provided by the app's protected layout;
 * the offline queue is keyed by its `id`.
 */
import { createContext, useContext } from 'react';

export interface Account {
  id: number;
  /** The name the header shows. */
  name: string;
  /** True while the app runs from the kept profile because the server could not be reached. */
  offline: boolean;
}

export const AccountContext = createContext<Account | null>(null);

/** The signed-in account (null outside the protected layout, e.g. in a component test). */
export function useAccount(): Account | null {
  return useContext(AccountContext);
}
