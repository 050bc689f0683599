import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadingState } from '../../../components/feedback/Spinner';
import { PublicLayout } from '../../../components/layout/PublicLayout';
import { Tabs } from '../../../components/tabs/Tabs';
import { mayRedirect, recordRedirect } from '../../../lib/redirectGuard';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useAuth } from '../api/useAuth';
import { LoginForm } from '../components/LoginForm';
import { RegisterForm } from '../components/RegisterForm';
import { authPageView } from './authPageView';
import '../auth.css';

export const AUTH_TAGLINE = 'Your Personal Health Monitor';
export const CHECKING_MESSAGE = 'Checking authentication status...';
export const ALREADY_AUTHENTICATED_MESSAGE = 'Already authenticated! Redirecting to your dashboard...';
/**
 * How long the 'Already authenticated!' message stays before the redirect: long enough to
 * be read. The redirect is recorded for the 3 s loop guard when it happens, not before.
 */
export const ALREADY_AUTHENTICATED_MS = 1000;

type TabKey = 'login' | 'register';

export default function AuthPage(): ReactElement {
  useDocumentTitle('Log in or register');
  const navigate = useNavigate();
  const { status } = useAuth();
  const [tab, setTab] = useState<TabKey>('login');

  // Decided once each time the auth status changes.
  const redirectAllowed = useMemo(() => status === 'authenticated' && mayRedirect(), [status]);
  const view = authPageView(status, redirectAllowed);

  useEffect(() => {
    if (view !== 'redirecting') return undefined;
    const timer = window.setTimeout(() => {
      recordRedirect();
      navigate('/', { replace: true });
    }, ALREADY_AUTHENTICATED_MS);
    return () => window.clearTimeout(timer);
  }, [view, navigate]);

  return (
    <PublicLayout width="wide" tagline={AUTH_TAGLINE} brandAsHeading>
      <section className="card auth-card" aria-label="Log in or register">
        {view === 'checking' ? <LoadingState message={CHECKING_MESSAGE} /> : null}
        {view === 'redirecting' ? <LoadingState message={ALREADY_AUTHENTICATED_MESSAGE} /> : null}
        {view === 'forms' ? (
          <Tabs<TabKey>
            label="Log in or register"
            selected={tab}
            onSelect={setTab}
            items={[
              { key: 'login', label: 'Login', panel: <LoginForm /> },
              { key: 'register', label: 'Register', panel: <RegisterForm /> },
            ]}
          />
        ) : null}
      </section>
    </PublicLayout>
  );
}
