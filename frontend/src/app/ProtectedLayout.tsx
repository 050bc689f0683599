import { Suspense, useEffect, type ReactElement } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AppShell } from '../components/layout/AppShell';
import { ErrorBoundary } from '../components/feedback/ErrorBoundary';
import { PageSkeleton } from '../components/feedback/Skeleton';
import { AccountContext, type Account } from '../lib/account';
import { writeOfflineProfile } from '../lib/offlineProfile';
import { useOfflineSync } from '../features/readings/api/offlineReadings';
import { usePreferences } from '../lib/preferences';
import { NAV_ITEMS, TAB_ITEMS } from './navItems';
import { useSignOut } from './useSignOut';

/** Keeps the profile the app can open offline with in step with the server's (issue 19). */
function useKeepOfflineProfile(account: Account): void {
  const { preferences, unitsKnown } = usePreferences();
  const { weightUnit, bloodSugarUnit, timeZone } = preferences;
  useEffect(() => {
    if (account.offline || !unitsKnown) return;
    writeOfflineProfile({ id: account.id, displayName: account.name, weightUnit, bloodSugarUnit, timeZone });
  }, [account, unitsKnown, weightUnit, bloodSugarUnit, timeZone]);
}

function Frame({ account }: { account: Account }): ReactElement {
  const { signOut, pending, dialog } = useSignOut(account.id);
  const location = useLocation();
  useOfflineSync(account.id);
  useKeepOfflineProfile(account);
  return (
    <AppShell navItems={NAV_ITEMS} tabItems={TAB_ITEMS} userName={account.name} onLogout={signOut} loggingOut={pending}>
      <ErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      {dialog}
    </AppShell>
  );
}

/** The signed-in frame: header, side menu and the current page, for this account. */
export default function ProtectedLayout({ account }: { account: Account }): ReactElement {
  return (
    <AccountContext.Provider value={account}>
      <Frame account={account} />
    </AccountContext.Provider>
  );
}
