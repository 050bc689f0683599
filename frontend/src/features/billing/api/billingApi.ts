import useSWR from 'swr';
import { apiPost } from '../../../lib/api';
import type { SubscriptionStatus } from '../../../lib/subscription';

/** `GET /api/subscription/config`: how this server takes payment. */
export interface PaymentConfig {
  /** `paypal`: real payments through PayPal's buttons; `test`: no money moves. */
  mode: 'paypal' | 'test';
  clientId: string | null;
  price: string;
  currency: string;
  description: string;
}

export const PAYMENT_CONFIG_KEY = '/api/subscription/config';

export function usePaymentConfig(): { config: PaymentConfig | undefined; error: unknown; retry: () => void } {
  const { data, error, mutate } = useSWR<PaymentConfig>(PAYMENT_CONFIG_KEY);
  return { config: data, error: error as unknown, retry: () => void mutate() };
}

export type PaymentMethod = 'paypal' | 'credit_card';

/** The amount the client reports; the server checks the captured amount itself. */
export const SUBSCRIPTION_AMOUNT = '5.00';

/** `POST /api/subscription/orders`: the server creates the 5.00 USD 'Annual Subscription' order. */
export async function createOrder(): Promise<string> {
  const { id } = await apiPost<{ id: string }>('/api/subscription/orders');
  return id;
}

export interface ActivatePayload {
  paymentMethod: PaymentMethod;
  amount: typeof SUBSCRIPTION_AMOUNT;
  transactionId: string;
  paymentDetails: Record<string, unknown>;
}

/** `POST /api/subscription/activate`: the server captures the order and activates a year. */
export function activateSubscription(payload: ActivatePayload): Promise<SubscriptionStatus> {
  return apiPost<SubscriptionStatus>('/api/subscription/activate', payload);
}
