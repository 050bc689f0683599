import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { isApiError } from '../../../lib/api';
import { useRefreshMedications } from '../api/medications';
import { isNotFound, isSubscriptionRequired } from '../../../lib/serverErrors';
import { PLAN_PRICE, SUBSCRIPTION_KEY } from '../../../lib/subscription';
import { useToast, type ToastOptions } from '../../../components/toast';
import { COMMON_MESSAGES } from '../../../lib/rules';

export const MEDICATIONS_NEED_SUBSCRIPTION = `Recording medications and doses needs an active subscription (${PLAN_PRICE}).`;
export const CHECK_CONNECTION = 'Check your connection and try again.';

export type WriteResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface WriteOptions<T> {
  /** The toast confirming it (none: the caller says it some other way). */
  success?: ToastOptions | ((value: T) => ToastOptions);
  /** The failure toast's title ("The dose could not be recorded"). */
  failure: string;
  /** False: the medications are not fetched again afterwards (the caller puts the answer in place). */
  refresh?: boolean;
}

/** Why a write failed, in a sentence: the server's first field message or its message. */
export function failureReason(error: unknown): string {
  if (!isApiError(error)) return CHECK_CONNECTION;
  if (isNotFound(error)) return 'This medication no longer exists. It may have been deleted in another tab.';
  const fields = Object.values(error.fieldErrors);
  return fields[0] ?? error.serverMessage ?? CHECK_CONNECTION;
}

/**
 * Every medication write (the medication pages and the dashboard's doses card): runs it,
 * confirms with a toast or explains the failure, and fetches the medications again. Without a
 * subscription the toast says so with Subscribe Now, as recording a reading does.
 */
export function useMedicationWrite(): <T>(action: () => Promise<T>, options: WriteOptions<T>) => Promise<WriteResult<T>> {
  const { toast } = useToast();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const refresh = useRefreshMedications();

  return async <T>(action: () => Promise<T>, options: WriteOptions<T>): Promise<WriteResult<T>> => {
    let value: T;
    try {
      value = await action();
    } catch (error) {
      if (isSubscriptionRequired(error)) {
        toast({
          title: COMMON_MESSAGES.subscriptionRequired,
          description: MEDICATIONS_NEED_SUBSCRIPTION,
          variant: 'destructive',
          action: { label: 'Subscribe Now', onClick: () => navigate('/profile#profile-subscription') },
        });
        void mutate(SUBSCRIPTION_KEY);
      } else {
        toast({ title: options.failure, description: failureReason(error), variant: 'destructive' });
        if (isNotFound(error)) void refresh();
      }
      return { ok: false, error };
    }
    // Confirmed as soon as the server has it: the answers on screen are fetched again after,
    // and a slow or failed fetch must not hold back or swallow the confirmation.
    const success = typeof options.success === 'function' ? options.success(value) : options.success;
    if (success) toast(success);
    if (options.refresh !== false) await refresh();
    return { ok: true, value };
  };
}
