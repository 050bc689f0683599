import useSWR from 'swr';
import { apiPatch, apiPost } from '../../../lib/api';
import { USER_KEY, type SessionUser } from '../../../lib/session';
import type { SubscriptionStatus } from '../../../lib/subscription';

export type Gender = 'male' | 'female' | 'other' | 'prefer-not-to-say';

export const GENDERS: ReadonlyArray<{ value: Gender; label: string }> = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
  { value: 'prefer-not-to-say', label: 'Prefer not to say' },
];

/** The spec's default gender (section 9). */
export const DEFAULT_GENDER: Gender = 'other';

export function isGender(value: unknown): value is Gender {
  return GENDERS.some((g) => g.value === value);
}

/** `GET /api/user` (`lib/session`): the session's key, so the header shows a new name at once. */
export type ProfileUser = SessionUser;

/** `PATCH /api/user` payload (spec section 7). */
export interface UpdateUserPayload {
  firstName: string;
  lastName: string;
  email: string;
  /** Sent only when `email` changes the address, which needs it. */
  currentPassword?: string;
  /** Null clears the date. */
  dateOfBirth: string | null;
  gender: Gender;
}

export interface UpdateUserResponse {
  message: string;
  user: ProfileUser;
  /** The new address a confirmation link went to; the email changes once it is opened. */
  emailChangePending: string | null;
}

export function updateUser(payload: UpdateUserPayload): Promise<UpdateUserResponse> {
  return apiPatch<UpdateUserResponse>(USER_KEY, payload);
}

export function changePassword(payload: { currentPassword: string; newPassword: string }): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/api/user/change-password', payload);
}

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
