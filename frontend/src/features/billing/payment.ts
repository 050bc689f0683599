import { isApiError } from '../../lib/api';
import { BILLING_MESSAGES } from '../../lib/rules';
import { isInternal, isProviderUnavailable } from '../../lib/serverErrors';

/** Payment messages, word for word from the product spec (section 8): the server's (crates/billing/rules.json). */
export const PAYMENT_MESSAGES = {
  processedNotActivated: BILLING_MESSAGES.activationFailed,
  processing: BILLING_MESSAGES.paymentError,
  paypal: BILLING_MESSAGES.paypalError,
  cancelled: "You've cancelled the payment process.",
} as const;

export const ACTIVATION_FAILED_TITLE = 'Subscription activation failed';

export type PaymentFailureKind = 'processedNotActivated' | 'processing' | 'paypal';

/**
 * What went wrong, from the server's answer: PayPal is unreachable (`provider_unavailable`,
 * 502), or on activation the money was captured but not recorded (`internal`, 500; repeating
 * is safe); anything else (402 refused, wrong amount, network failure) is a processing error.
 */
export function classifyPaymentError(error: unknown, step: 'order' | 'activate'): PaymentFailureKind {
  if (!isApiError(error)) return 'processing';
  if (isProviderUnavailable(error)) return 'paypal';
  if (isInternal(error) && step === 'activate') return 'processedNotActivated';
  return 'processing';
}

/** The wait before the subscription is fetched again after a payment (spec section 9). */
export const REFETCH_AFTER_PAYMENT_MS = 1000;

/**
 * A payment this browser tab started and has not finished: the only case in which a return
 * to `/profile?payment=success` may report on a payment (a bookmarked or shared link must
 * not tell someone who never paid that their payment failed). Kept in sessionStorage, which
 * survives the trip to PayPal and back in the same tab.
 */
const PENDING_KEY = 'vitalog.paymentPending';
/** An order older than this is abandoned: PayPal's approval window is far shorter. */
export const PENDING_PAYMENT_MAX_MS = 3 * 60 * 60 * 1000;

export function rememberPendingPayment(orderId: string, now: number = Date.now()): void {
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify({ orderId, at: now }));
  } catch {
    // Storage refused (private mode, quota): a return simply reports nothing.
  }
}

export function hasPendingPayment(now: number = Date.now()): boolean {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    if (!raw) return false;
    const value: unknown = JSON.parse(raw);
    const at = typeof value === 'object' && value !== null && 'at' in value ? Number(value.at) : NaN;
    return Number.isFinite(at) && now - at >= 0 && now - at < PENDING_PAYMENT_MAX_MS;
  } catch {
    return false;
  }
}

export function forgetPendingPayment(): void {
  try {
    window.sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Nothing stored.
  }
}
