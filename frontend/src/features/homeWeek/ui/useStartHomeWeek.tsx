import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { startHomeWeek, useSetHomeWeek } from '../api/homeWeek';
import { isSubscriptionRequired } from '../../../lib/serverErrors';
import { PLAN_PRICE, SUBSCRIPTION_KEY } from '../../../lib/subscription';
import { useToast } from '../../../components/toast';
import { COMMON_MESSAGES } from '../../../lib/rules';

export const WEEK_START_FAILED = 'The week could not be started';
export const WEEK_NEEDS_SUBSCRIPTION = `Starting a home monitoring week needs an active subscription (${PLAN_PRICE}).`;

export interface StartHomeWeek {
  /** Starts a week on `startDate` (YYYY-MM-DD; today when not given). */
  start: (startDate?: string) => Promise<void>;
  starting: boolean;
}

/**
 * Starting a home monitoring week today (dashboard card and the week's page): the server
 * answers the new week, which replaces the cached one, and a toast confirms it. Without a
 * subscription the toast says so, as the reading form does, with Subscribe Now.
 */
export function useStartHomeWeek(): StartHomeWeek {
  const { toast } = useToast();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const setHomeWeek = useSetHomeWeek();
  const [starting, setStarting] = useState(false);

  const start = async (startDate?: string): Promise<void> => {
    setStarting(true);
    try {
      const week = await startHomeWeek(startDate);
      await setHomeWeek(week);
      toast({
        title: 'Home monitoring week started',
        description: `Day 1 is ${formatDate(week.startDate)}; the week ends on ${formatDate(week.endDate)}.`,
      });
    } catch (error) {
      if (isSubscriptionRequired(error)) {
        toast({
          title: COMMON_MESSAGES.subscriptionRequired,
          description: WEEK_NEEDS_SUBSCRIPTION,
          variant: 'destructive',
          action: { label: 'Subscribe Now', onClick: () => navigate('/profile#profile-subscription') },
        });
        void mutate(SUBSCRIPTION_KEY);
        return;
      }
      const message = isApiError(error) ? (error.fieldErrors.startDate ?? error.serverMessage) : undefined;
      toast({ title: WEEK_START_FAILED, description: message ?? 'Check your connection and try again.', variant: 'destructive' });
    } finally {
      setStarting(false);
    }
  };
  return { start, starting };
}
