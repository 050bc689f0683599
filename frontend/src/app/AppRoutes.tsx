import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/feedback/ErrorBoundary';
import { PageSkeleton } from '../components/feedback/Skeleton';
import { LoadingState } from '../components/feedback/Spinner';
import { preloadable } from '../lib/preloadable';
import { NeedsServer } from './NeedsServer';
import { ProtectedRoute } from './ProtectedRoute';

// Every screen is its own chunk: the first load of /auth carries no chart or page code.
const AuthPage = lazy(() => import(/* webpackChunkName: "auth" */ '../features/auth/pages/AuthPage'));
const PasswordResetRequestPage = lazy(
  () => import(/* webpackChunkName: "password-reset-request" */ '../features/auth/pages/PasswordResetRequestPage'),
);
const ResetPasswordPage = lazy(
  () => import(/* webpackChunkName: "reset-password" */ '../features/auth/pages/ResetPasswordPage'),
);
const VerifyPendingPage = lazy(
  () => import(/* webpackChunkName: "verify-pending" */ '../features/auth/pages/VerifyPendingPage'),
);
const VerifyEmailPage = lazy(() => import(/* webpackChunkName: "verify-email" */ '../features/auth/pages/VerifyEmailPage'));
const UndoEmailChangePage = lazy(
  () => import(/* webpackChunkName: "undo-email-change" */ '../features/auth/pages/UndoEmailChangePage'),
);
const TermsOfServicePage = lazy(() => import(/* webpackChunkName: "terms" */ '../features/legal/pages/TermsOfServicePage'));
const PrivacyPolicyPage = lazy(() => import(/* webpackChunkName: "privacy" */ '../features/legal/pages/PrivacyPolicyPage'));
// A record shared with a clinician: public, outside the signed-in shell (no account call).
const SharedViewPage = lazy(() => import(/* webpackChunkName: "shared-record" */ '../features/shared/pages/SharedViewPage'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "not-found" */ './NotFoundPage'));

const dashboard = preloadable(
  () => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/pages/DashboardPage'),
  <PageSkeleton />,
);
/** The dashboard's code; `preloadRoute` starts it with the session check when the app opens on `/`. */
export const loadDashboard = dashboard.preload;
const DashboardPage = dashboard.Component;
const RecordVitalsPage = lazy(() => import(/* webpackChunkName: "vitals" */ '../features/readings/pages/RecordVitalsPage'));
const GuidedMeasurementPage = lazy(
  () => import(/* webpackChunkName: "guided" */ '../features/readings/pages/GuidedMeasurementPage'),
);
const HistoryPage = lazy(() => import(/* webpackChunkName: "history" */ '../features/history/pages/HistoryPage'));
const TrendsPage = lazy(() => import(/* webpackChunkName: "trends" */ '../features/trends/pages/TrendsPage'));
const HomeWeekPage = lazy(() => import(/* webpackChunkName: "home-week" */ '../features/homeWeek/pages/HomeWeekPage'));
const ReportsPage = lazy(() => import(/* webpackChunkName: "reports" */ '../features/reports/pages/ReportsPage'));
const MedicationsPage = lazy(
  () => import(/* webpackChunkName: "medications" */ '../features/medications/pages/MedicationsPage'),
);
const MedicationPage = lazy(() => import(/* webpackChunkName: "medication" */ '../features/medications/pages/MedicationPage'));
const ProfilePage = lazy(() => import(/* webpackChunkName: "profile" */ './profile/ProfilePage'));

/** Public screens load behind a progress indicator and an error boundary. */
function Public({ children }: { children: ReactNode }): ReactElement {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense
        fallback={
          <>
            <div className="progress-bar" aria-hidden="true">
              <span />
            </div>
            <LoadingState message="Loading…" />
          </>
        }
      >
        {children}
      </Suspense>
    </ErrorBoundary>
  );
}

export function AppRoutes(): ReactElement {
  return (
    <Routes>
      <Route path="/auth" element={<Public><AuthPage /></Public>} />
      <Route path="/password-reset-request" element={<Public><PasswordResetRequestPage /></Public>} />
      <Route path="/reset-password" element={<Public><ResetPasswordPage /></Public>} />
      <Route path="/reset-password/:token" element={<Public><ResetPasswordPage /></Public>} />
      <Route path="/verify-pending" element={<Public><VerifyPendingPage /></Public>} />
      <Route path="/verify-email" element={<Public><VerifyEmailPage /></Public>} />
      <Route path="/verify-email/:token" element={<Public><VerifyEmailPage /></Public>} />
      <Route path="/undo-email-change/:token" element={<Public><UndoEmailChangePage /></Public>} />
      <Route path="/terms-of-service" element={<Public><TermsOfServicePage /></Public>} />
      <Route path="/privacy-policy" element={<Public><PrivacyPolicyPage /></Public>} />
      <Route
        path="/s/:token"
        element={<Public><NeedsServer title="This shared record" layout="public"><SharedViewPage /></NeedsServer></Public>}
      />

      <Route element={<ProtectedRoute />}>
        <Route path="/" element={<DashboardPage />} />
        <Route path="/vitals" element={<RecordVitalsPage />} />
        <Route path="/vitals/guided" element={<GuidedMeasurementPage />} />
        <Route path="/history" element={<HistoryPage />} />
        {/* Pages with nothing to show without the server say so while offline. */}
        <Route path="/trends" element={<NeedsServer title="Trends"><TrendsPage /></NeedsServer>} />
        <Route path="/home-week" element={<NeedsServer title="Home monitoring week"><HomeWeekPage /></NeedsServer>} />
        <Route path="/medications" element={<NeedsServer title="Medications"><MedicationsPage /></NeedsServer>} />
        <Route path="/medications/:id" element={<NeedsServer title="Medication"><MedicationPage /></NeedsServer>} />
        <Route path="/reports" element={<NeedsServer title="Reports"><ReportsPage /></NeedsServer>} />
        <Route path="/profile" element={<NeedsServer title="Profile"><ProfilePage /></NeedsServer>} />
      </Route>

      <Route path="*" element={<Public><NotFoundPage /></Public>} />
    </Routes>
  );
}
