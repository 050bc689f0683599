import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../feedback/Alert';
import { PLAN_PRICE, useSubscription } from '../../lib/subscription';
import { COMMON_MESSAGES } from '../../lib/rules';

export interface SubscriptionAlertProps {
  /** What the user cannot do until they subscribe. */
  reason?: string;
}

/**
 * The red 'Subscription Required' alert with Subscribe Now, shown wherever recording
 * needs a subscription. Renders nothing while the status loads or when it is active.
 */
export function SubscriptionAlert({
  reason = `Recording vitals needs an active subscription (${PLAN_PRICE}).`,
}: SubscriptionAlertProps): ReactElement | null {
  const { isInactive } = useSubscription();
  if (!isInactive) return null;
  return (
    <Alert variant="danger" title={COMMON_MESSAGES.subscriptionRequired} role="alert" className="subscription-alert">
      <p>{reason}</p>
      <Link className="btn btn-danger" to="/profile#profile-subscription">
        Subscribe Now
      </Link>
    </Alert>
  );
}
