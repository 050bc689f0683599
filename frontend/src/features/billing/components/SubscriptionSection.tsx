import { useEffect, useRef, type ReactElement } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/feedback/Alert';
import { Skeleton } from '../../../components/feedback/Skeleton';
import { Spinner } from '../../../components/feedback/Spinner';
import { cx } from '../../../lib/cx';
import { PLAN_PRICE, PLAN_PRICE_LABEL, useSubscription, type SubscriptionStatus } from '../../../lib/subscription';
import { usePaymentConfig } from '../api/billingApi';
import { usePayment, type PaymentFlow, type PaymentOutcome } from '../api/usePayment';
import { formatInstantDate } from '../../../lib/dates';
import { PAYMENT_MESSAGES } from '../payment';
import { PayPalButtons } from './PayPalButtons';
import { SectionCard, SectionLoadError } from '../../../components/layout/SectionCard';
import '../billing.css';

export const PLAN_NAME = 'Annual';
export const TEST_MODE_LABEL = 'Test mode — no money moves';

export function SubscriptionSection(): ReactElement {
  const { subscription, error, mutate } = useSubscription();
  const flow = usePayment();
  useRedirectReturn(flow);

  return (
    <SectionCard
      id="profile-subscription"
      title="Subscription"
      icon="check-circle"
      description="Recording vitals needs an active subscription. One payment covers a full year; nothing renews automatically."
    >
      {subscription ? (
        <SubscriptionSummary subscription={subscription} />
      ) : error !== undefined ? (
        <SectionLoadError what="subscription" onRetry={() => void mutate()} />
      ) : (
        <SummarySkeleton />
      )}
      <OutcomeAlert outcome={flow.outcome} canRetry={flow.canRetryActivation} onRetry={flow.retryActivation} />
      {subscription ? <PaymentPanel flow={flow} active={subscription.isActive} /> : null}
    </SectionCard>
  );
}

/** `?payment=success` (a return from PayPal): handle the activation once, then tidy the URL. */
function useRedirectReturn(flow: PaymentFlow): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const handled = useRef(false);
  const { confirmAfterRedirect } = flow;
  const returned = params.get('payment') === 'success';
  const orderId = params.get('token');
  const payerId = params.get('PayerID');

  useEffect(() => {
    if (!returned || handled.current) return;
    handled.current = true;
    confirmAfterRedirect(orderId, payerId);
    navigate({ pathname: location.pathname, search: '', hash: '#profile-subscription' }, { replace: true });
  }, [returned, orderId, payerId, confirmAfterRedirect, navigate, location.pathname]);
}

function statusOf(subscription: SubscriptionStatus): { label: string; tone: 'active' | 'ending' | 'inactive' } {
  if (!subscription.isActive) return { label: subscription.expiresAt ? 'Expired' : 'Inactive', tone: 'inactive' };
  if (subscription.cancelledAt) return { label: 'Active (cancelled)', tone: 'ending' };
  return { label: 'Active', tone: 'active' };
}

function SubscriptionSummary({ subscription }: { subscription: SubscriptionStatus }): ReactElement {
  const status = statusOf(subscription);
  const until = subscription.isActive ? formatInstantDate(subscription.expiresAt) : null;
  const expired = !subscription.isActive ? formatInstantDate(subscription.expiresAt) : null;
  return (
    <dl className="profile-summary" data-testid="subscription-summary">
      <div className="profile-summary-item">
        <dt>Plan</dt>
        <dd>
          {PLAN_NAME}
          <span className="profile-summary-sub">{PLAN_PRICE}</span>
        </dd>
      </div>
      <div className="profile-summary-item">
        <dt>Status</dt>
        <dd>
          <span className={cx('profile-badge', `profile-badge-${status.tone}`)}>{status.label}</span>
        </dd>
      </div>
      <div className="profile-summary-item">
        <dt>Active until</dt>
        <dd data-testid="subscription-active-until">
          {until ?? 'N/A'}
          {expired ? <span className="text-muted text-sm"> (ended {expired})</span> : null}
        </dd>
      </div>
    </dl>
  );
}

function SummarySkeleton(): ReactElement {
  return (
    <div className="profile-summary profile-summary-loading" role="status" aria-live="polite">
      <span className="visually-hidden">Loading subscription…</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="profile-summary-item">
          <Skeleton width="50%" height={12} />
          <Skeleton width="80%" height={20} />
        </div>
      ))}
    </div>
  );
}

function OutcomeAlert({
  outcome,
  canRetry,
  onRetry,
}: {
  outcome: PaymentOutcome | null;
  canRetry: boolean;
  onRetry: () => void;
}): ReactElement | null {
  if (!outcome) return null;
  if (outcome.kind === 'success') {
    return (
      <Alert variant="success" role="status" title="Payment received" className="profile-outcome">
        {outcome.message}
      </Alert>
    );
  }
  if (outcome.kind === 'cancelled') {
    return (
      <Alert variant="warning" role="status" className="profile-outcome">
        {outcome.message}
      </Alert>
    );
  }
  return (
    <Alert variant="danger" role="alert" title="Subscription not activated" className="profile-outcome">
      <p>{outcome.message}</p>
      {canRetry ? (
        <button type="button" className="btn btn-secondary btn-sm profile-retry" onClick={onRetry}>
          Try activating again
        </button>
      ) : null}
    </Alert>
  );
}

function PaymentPanel({ flow, active }: { flow: PaymentFlow; active: boolean }): ReactElement {
  const { config, error, retry } = usePaymentConfig();
  const busyText =
    flow.busy === 'order'
      ? 'Creating your order…'
      : flow.busy === 'activate'
        ? 'Activating your subscription…'
        : flow.busy === 'confirm'
          ? 'Confirming your payment…'
          : null;

  return (
    <div className="profile-payment">
      <div className="profile-payment-heading">
        <h3>{active ? 'Renew early' : 'Subscribe'}</h3>
        <p className="text-muted text-sm">
          {active
            ? 'Paying now adds one year to the end of your current period; no days are lost.'
            : `Pay ${PLAN_PRICE_LABEL} for one year of Vitalog. Pay with PayPal or a debit or credit card.`}
        </p>
      </div>
      {busyText ? (
        <p className="profile-busy" role="status" aria-live="polite">
          <Spinner size="sm" />
          {busyText}
        </p>
      ) : null}
      {config ? (
        config.mode === 'test' ? (
          <TestPayment flow={flow} />
        ) : config.clientId ? (
          <PayPalButtons clientId={config.clientId} currency={config.currency} flow={flow} disabled={flow.busy !== null} />
        ) : (
          <Alert variant="danger" role="alert">
            {PAYMENT_MESSAGES.paypal}
          </Alert>
        )
      ) : error !== undefined ? (
        <SectionLoadError what="payment options" onRetry={retry} />
      ) : (
        <div role="status" className="profile-paypal-loading">
          <span className="visually-hidden">Loading payment options…</span>
          <Skeleton height={44} radius={6} />
        </div>
      )}
    </div>
  );
}

function TestPayment({ flow }: { flow: PaymentFlow }): ReactElement {
  return (
    <div className="profile-test-payment">
      <Alert variant="warning" role="note" title={TEST_MODE_LABEL} id="profile-test-mode-note">
        This server has no PayPal account configured. The button below goes through the same order and activation
        steps, but nothing is charged.
      </Alert>
      <button
        type="button"
        className="btn btn-primary"
        disabled={flow.busy !== null}
        aria-busy={flow.busy !== null || undefined}
        aria-describedby="profile-test-mode-note"
        onClick={() => void flow.payInTestMode()}
      >
        {flow.busy === 'order' || flow.busy === 'activate' ? <Spinner size="sm" /> : null}
        {`Pay ${PLAN_PRICE_LABEL} (test payment)`}
      </button>
    </div>
  );
}
