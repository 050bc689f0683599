import { isApiError } from '../../lib/api';

/** Payment messages, word for word from the product spec (section 8). */
export const PAYMENT_MESSAGES = {
  processedNotActivated:
    "Your payment was processed, but we couldn't activate your subscription. Please contact support.",
  processing: 'There was an error processing your payment. Please try again or contact support.',
  paypal: 'There was an error with PayPal. Please try again later.',
  cancelled: "You've cancelled the payment process.",
} as const;

export const ACTIVATION_FAILED_TITLE = 'Subscription activation failed';

export type PaymentFailureKind = 'processedNotActivated' | 'processing' | 'paypal';

/**
 * What went wrong, from the server's answer: 502 means PayPal is unreachable, 500 on
 * activation means the money was captured but not recorded (repeating is safe), anything
 * else (402 refused, wrong amount, network failure) is a processing error.
 */
export function classifyPaymentError(error: unknown, step: 'order' | 'activate'): PaymentFailureKind {
  if (!isApiError(error)) return 'processing';
  if (error.status === 502) return 'paypal';
  if (error.status === 500 && step === 'activate') return 'processedNotActivated';
  return 'processing';
}

/** Formats an RFC 3339 time as the spec's MM/DD/YYYY, in the user's time zone. */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${mm}/${dd}/${date.getFullYear()}`;
}

/** The wait before the subscription is fetched again after a payment (spec section 9). */
export const REFETCH_AFTER_PAYMENT_MS = 1000;
