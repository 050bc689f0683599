import { Suspense, type ReactElement } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AppShell } from '../components/layout/AppShell';
import { ErrorBoundary } from '../components/feedback/ErrorBoundary';
import { PageSkeleton } from '../components/feedback/Skeleton';
import { displayName } from '../features/auth/api/authStatus';
import type { SessionUser as User } from '../lib/session';
import { useLogout } from '../features/auth/api/useLogout';
import { NAV_ITEMS } from './navItems';

/** The signed-in frame: header, side menu and the current page. */
export default function ProtectedLayout({ user }: { user: User }): ReactElement {
  const { logout, pending } = useLogout();
  const location = useLocation();
  return (
    <AppShell navItems={NAV_ITEMS} userName={displayName(user)} onLogout={logout} loggingOut={pending}>
      <ErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </AppShell>
  );
}
