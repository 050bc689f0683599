import { Suspense, type ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from '../features/auth/api/useAuth';
import { displayName } from '../features/auth/api/authStatus';
import type { Account } from '../lib/account';
import { Skeleton } from '../components/feedback/Skeleton';
import { preloadable } from '../lib/preloadable';
import { AUTH_PATH, protectedRouteDecision } from './guard';
import './app.css';


/** Skeleton of the shell shown while the session is checked and the shell code loads. */
export function ShellSkeleton(): ReactElement {
  return (
    <div className="shell-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">Checking your session…</span>
      <div className="progress-bar" aria-hidden="true">
        <span />
      </div>
      <div className="shell-skeleton-header" aria-hidden="true">
        <Skeleton width={140} height={28} />
        <Skeleton width={120} height={28} />
      </div>
      <div className="shell-skeleton-body" aria-hidden="true">
        <div className="shell-skeleton-nav">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </div>
        <div className="shell-skeleton-main">
          <Skeleton width="35%" height={32} />
          <Skeleton width="100%" height={160} radius={12} />
        </div>
      </div>
    </div>
  );
}

// The frame's code: until it arrives the skeleton stays, as while the session is checked.
const shell = preloadable(() => import(/* webpackChunkName: "shell" */ './ProtectedLayout'), <ShellSkeleton />);
/** The signed-in frame's code; `preloadRoute` starts it with the session check. */
export const loadShell = shell.preload;
const ProtectedLayout = shell.Component;

/**
 * Guards the protected routes: presence cookie, then GET /api/user; without an answer, the
 * profile this device kept opens the app offline; else to /auth.
 */
export function ProtectedRoute(): ReactElement {
  const { status, user, offlineProfile } = useAuth();
  const decision = protectedRouteDecision(status);
  if (decision === 'redirect') return <Navigate to={AUTH_PATH} replace />;
  let account: Account | null = null;
  if (user) account = { id: user.id, name: displayName(user), offline: false };
  else if (status === 'offline' && offlineProfile)
    account = { id: offlineProfile.id, name: offlineProfile.displayName, offline: true };
  if (decision === 'checking' || !account) return <ShellSkeleton />;
  return (
    <Suspense fallback={<ShellSkeleton />}>
      <ProtectedLayout account={account} />
    </Suspense>
  );
}
