import { useCallback, useMemo, useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
import { PLAN_AMOUNT, useSubscription } from '../../../lib/subscription';
import { formatInstantDate } from '../../../lib/dates';
import {
  ACTIVATION_FAILED_TITLE,
  PAYMENT_MESSAGES,
  REFETCH_AFTER_PAYMENT_MS,
  classifyPaymentError,
  forgetPendingPayment,
  hasPendingPayment,
  rememberPendingPayment,
  type PaymentFailureKind,
} from '../payment';
import { activateSubscription, createOrder, type PaymentMethod } from './billingApi';

export type PaymentOutcome =
  | { kind: 'success'; message: string }
  | { kind: 'cancelled'; message: string }
  | { kind: PaymentFailureKind; message: string };

/** What is running: creating the order, activating it, or confirming after a redirect. */
export type PaymentBusy = 'order' | 'activate' | 'confirm' | null;

export interface PaymentFlow {
  busy: PaymentBusy;
  outcome: PaymentOutcome | null;
  /** True when the last activation may be repeated (captured but not recorded). */
  canRetryActivation: boolean;
  /** PayPal buttons' createOrder: reports a failure, then rethrows it for the SDK. */
  createOrder: () => Promise<string>;
  /** PayPal buttons' onApprove (and the test payment's second step). */
  activate: (orderId: string, method: PaymentMethod, details: Record<string, unknown>) => Promise<void>;
  /** The test-mode payment: the same server path, order then activation. */
  payInTestMode: () => Promise<void>;
  cancelled: () => void;
  /** The PayPal SDK failed to load or reported an error. */
  providerError: () => void;
  retryActivation: () => void;
  /**
   * `?payment=success`: activate the returned order; without one, refetch and confirm only
   * when this tab has a payment pending, else nothing.
   */
  confirmAfterRedirect: (orderId: string | null, payerId: string | null) => void;
}

/**
 * The payment flow of spec section 4: the server creates the order, the server captures
 * and activates it; after success the subscription is refetched 1 s later. Every failure
 * shows the spec's message inline and in a destructive toast.
 */
export function usePayment(): PaymentFlow {
  const { toast } = useToast();
  const { mutate } = useSubscription();
  const [busy, setBusy] = useState<PaymentBusy>(null);
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  const [lastActivation, setLastActivation] = useState<{
    orderId: string;
    method: PaymentMethod;
    details: Record<string, unknown>;
  } | null>(null);
  const attemptFailed = useRef(false);
  const refetchTimer = useRef<number | undefined>(undefined);

  // The 1 s timers are left to run if the page unmounts: refreshing the shared
  // subscription (and confirming in a toast) is still right after leaving the page.

  const fail = useCallback(
    (kind: PaymentFailureKind) => {
      const message = PAYMENT_MESSAGES[kind];
      setOutcome({ kind, message });
      toast({ variant: 'destructive', title: ACTIVATION_FAILED_TITLE, description: message });
    },
    [toast],
  );

  const succeed = useCallback(
    (expiresAt: string | null | undefined) => {
      const until = formatInstantDate(expiresAt);
      const message = until
        ? `Thank you! Your annual subscription is active until ${until}.`
        : 'Thank you! Your annual subscription is active.';
      forgetPendingPayment();
      setOutcome({ kind: 'success', message });
      toast({ title: 'Subscription activated', description: message });
    },
    [toast],
  );

  const scheduleRefetch = useCallback(() => {
    window.clearTimeout(refetchTimer.current);
    refetchTimer.current = window.setTimeout(() => {
      // A failed refetch keeps the status the activation answered, which is already shown.
      mutate().catch(() => undefined);
    }, REFETCH_AFTER_PAYMENT_MS);
  }, [mutate]);

  const startOrder = useCallback(async (): Promise<string> => {
    attemptFailed.current = false;
    setOutcome(null);
    setBusy('order');
    try {
      const orderId = await createOrder();
      rememberPendingPayment(orderId);
      return orderId;
    } catch (error) {
      attemptFailed.current = true;
      fail(classifyPaymentError(error, 'order'));
      throw error;
    } finally {
      setBusy(null);
    }
  }, [fail]);

  const activate = useCallback(
    async (orderId: string, method: PaymentMethod, details: Record<string, unknown>): Promise<void> => {
      setOutcome(null);
      setBusy('activate');
      setLastActivation({ orderId, method, details });
      try {
        const status = await activateSubscription({
          paymentMethod: method,
          amount: PLAN_AMOUNT,
          transactionId: orderId,
          paymentDetails: details,
        });
        setLastActivation(null);
        await mutate(status, { revalidate: false });
        succeed(status.expiresAt);
        scheduleRefetch();
      } catch (error) {
        attemptFailed.current = true;
        fail(classifyPaymentError(error, 'activate'));
      } finally {
        setBusy(null);
      }
    },
    [fail, mutate, scheduleRefetch, succeed],
  );

  const payInTestMode = useCallback(async (): Promise<void> => {
    let orderId: string;
    try {
      orderId = await startOrder();
    } catch {
      return; // already reported
    }
    await activate(orderId, 'paypal', { mode: 'test', orderId });
  }, [activate, startOrder]);

  const cancelled = useCallback(() => {
    forgetPendingPayment();
    setBusy(null);
    setOutcome({ kind: 'cancelled', message: PAYMENT_MESSAGES.cancelled });
    toast({ title: 'Payment cancelled', description: PAYMENT_MESSAGES.cancelled });
  }, [toast]);

  const providerError = useCallback(() => {
    setBusy(null);
    // A failure already reported by createOrder/activate keeps its own message.
    if (attemptFailed.current) {
      attemptFailed.current = false;
      return;
    }
    fail('paypal');
  }, [fail]);

  const retryActivation = useCallback(() => {
    if (lastActivation) void activate(lastActivation.orderId, lastActivation.method, lastActivation.details);
  }, [activate, lastActivation]);

  const confirmAfterRedirect = useCallback(
    (orderId: string | null, payerId: string | null) => {
      // A returned order is activated whatever this tab remembers (the server owns the
      // order and decides; PayPal may hand back to a new tab): a real payment is never
      // dropped. Without one, a return only reports on a payment this tab started, so
      // someone who never paid is told nothing (issue 14.8).
      if (!orderId && !hasPendingPayment()) return;
      if (orderId) {
        void activate(orderId, 'paypal', { source: 'redirect', orderId, payerId });
        return;
      }
      setOutcome(null);
      setBusy('confirm');
      window.clearTimeout(refetchTimer.current);
      refetchTimer.current = window.setTimeout(() => {
        void mutate()
          .then((status) => {
            if (status?.isActive) succeed(status.expiresAt);
            else fail('processedNotActivated');
          })
          .catch(() => fail('processedNotActivated'))
          .finally(() => setBusy(null));
      }, REFETCH_AFTER_PAYMENT_MS);
    },
    [activate, fail, mutate, succeed],
  );

  const canRetryActivation = outcome?.kind === 'processedNotActivated' && lastActivation !== null;

  return useMemo(
    () => ({
      busy,
      outcome,
      canRetryActivation,
      createOrder: startOrder,
      activate,
      payInTestMode,
      cancelled,
      providerError,
      retryActivation,
      confirmAfterRedirect,
    }),
    [busy, outcome, canRetryActivation, startOrder, activate, payInTestMode, cancelled, providerError, retryActivation, confirmAfterRedirect],
  );
}
