import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { dropEarlyGets } from '../lib/api';
import { hasPresenceCookie } from '../lib/cookies';
import { prefetchUser } from '../lib/session';
import { prefetchDashboard } from '../features/dashboard/api/prefetch';
import { loadDashboard } from './AppRoutes';
import { loadShell } from './ProtectedRoute';

/**
 * Starts, before the first render, what the page the app opens on will wait for, all at
 * once: without it the dashboard waited in a chain (the session check, then the shell's
 * code, then the page's, then its readings and chart.js). Only with the presence cookie
 * (signed out, `/` goes to the sign-in page and needs none of it), and only for the
 * dashboard, the page a signed-in person opens most; other pages load as before.
 */
export function preloadRoute(pathname: string): void {
  if (pathname !== '/' || !hasPresenceCookie()) return;
  prefetchUser();
  void loadShell();
  void loadDashboard();
  prefetchDashboard();
}

/**
 * The early answers are for the first page only: once the app has moved on (a redirect to
 * sign in, a click elsewhere), pages ask the server themselves and nothing old is served.
 */
export function useEarlyAnswersForFirstPageOnly(): void {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname !== first.current) dropEarlyGets();
  }, [pathname]);
}
