import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Skeleton } from '../../../components/feedback/Skeleton';
import { loadPayPalSdk, type PayPalButtonsInstance } from '../api/paypalSdk';
import type { PaymentFlow } from '../api/usePayment';
import type { PaymentMethod } from '../api/billingApi';

export interface PayPalButtonsProps {
  clientId: string;
  currency: string;
  flow: Pick<PaymentFlow, 'createOrder' | 'activate' | 'cancelled' | 'providerError'>;
  disabled: boolean;
}

/**
 * PayPal's own PayPal and debit/credit card buttons. createOrder asks our server for the
 * order; onApprove hands the order id to our server, which captures and verifies it.
 */
export function PayPalButtons({ clientId, currency, flow, disabled }: PayPalButtonsProps): ReactElement {
  const paypalRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const { createOrder, activate, cancelled, providerError } = flow;

  useEffect(() => {
    let stale = false;
    const instances: PayPalButtonsInstance[] = [];
    loadPayPalSdk(clientId, currency)
      .then(async (paypal) => {
        if (stale) return;
        const mount = (fundingSource: string, method: PaymentMethod, container: HTMLDivElement | null): Promise<void> => {
          if (!container) return Promise.resolve();
          const buttons = paypal.Buttons({
            fundingSource,
            style: { layout: 'vertical', shape: 'rect', height: 44 },
            createOrder,
            onApprove: (data) =>
              activate(data.orderID, method, { orderId: data.orderID, payerId: data.payerID ?? null, fundingSource }),
            onCancel: cancelled,
            onError: providerError,
          });
          if (!buttons.isEligible()) return Promise.resolve();
          instances.push(buttons);
          return buttons.render(container);
        };
        await Promise.all([
          mount(paypal.FUNDING.PAYPAL, 'paypal', paypalRef.current),
          mount(paypal.FUNDING.CARD, 'credit_card', cardRef.current),
        ]);
        if (!stale) setState(instances.length > 0 ? 'ready' : 'failed');
        if (!stale && instances.length === 0) providerError();
      })
      .catch(() => {
        if (stale) return;
        setState('failed');
        providerError();
      });
    return () => {
      stale = true;
      for (const buttons of instances) void buttons.close().catch(() => undefined);
    };
  }, [clientId, currency, createOrder, activate, cancelled, providerError]);

  return (
    <div className="profile-paypal" aria-busy={state === 'loading' || undefined} data-state={state}>
      {state === 'loading' ? (
        <div role="status" className="profile-paypal-loading">
          <span className="visually-hidden">Loading PayPal…</span>
          <Skeleton height={44} radius={6} />
          <Skeleton height={44} radius={6} />
        </div>
      ) : null}
      <div className={disabled ? 'profile-paypal-buttons profile-paypal-disabled' : 'profile-paypal-buttons'} inert={disabled}>
        <div ref={paypalRef} data-testid="paypal-button" />
        <div ref={cardRef} data-testid="card-button" />
      </div>
    </div>
  );
}
