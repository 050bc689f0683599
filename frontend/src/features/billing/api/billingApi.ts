import useSWR from 'swr';
import { apiPost } from '../../../lib/api';
import type { PLAN_AMOUNT, SubscriptionStatus } from '../../../lib/subscription';
import type { Schemas, Sent } from '../../../lib/apiTypes';

/** `GET /api/subscription/config`: how this server takes payment. */
export type PaymentConfig = Sent<Omit<Schemas['PaymentConfigDto'], 'mode'>, 'clientId'> & {
  /** `paypal`: real payments through PayPal's buttons; `test`: no money moves. */
  mode: 'paypal' | 'test';
};

export const PAYMENT_CONFIG_KEY = '/api/subscription/config';

export function usePaymentConfig(): { config: PaymentConfig | undefined; error: unknown; retry: () => void } {
  const { data, error, mutate } = useSWR<PaymentConfig>(PAYMENT_CONFIG_KEY);
  return { config: data, error: error as unknown, retry: () => void mutate() };
}

export type PaymentMethod = 'paypal' | 'credit_card';

/** `POST /api/subscription/orders`: the server creates the 'Annual Subscription' order, at the plan's price. */
export async function createOrder(): Promise<string> {
  const { id } = await apiPost<{ id: string }>('/api/subscription/orders');
  return id;
}

export type ActivatePayload = Omit<Required<Schemas['ActivateRequest']>, 'paymentDetails'> & {
  paymentMethod: PaymentMethod;
  amount: typeof PLAN_AMOUNT;
  /** Free-form (the document says only "object"). */
  paymentDetails: Record<string, unknown>;
};

/** `POST /api/subscription/activate`: the server captures the order and activates a year. */
export function activateSubscription(payload: ActivatePayload): Promise<SubscriptionStatus> {
  return apiPost<SubscriptionStatus>('/api/subscription/activate', payload);
}
