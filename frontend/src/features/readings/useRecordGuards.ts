import { useNavigate } from 'react-router-dom';
import { useToast } from '../../components/toast';
import { hasPresenceCookie } from '../../lib/cookies';
import { isSignedOut, isSubscriptionRequired } from '../../lib/serverErrors';
import { PLAN_PRICE, useSubscription } from '../../lib/subscription';
import { readingMessages } from './schema';

export interface RecordGuards {
  /**
   * Before a reading is sent: signed in, and an active subscription (asked once more when the
   * cached status says inactive, e.g. paid in another tab). False when the user was told why not.
   */
  mayRecord: () => Promise<boolean>;
  /** A save refused as signed out or for want of a subscription: tells the user and returns true; false for any other error. */
  handledAuthError: (error: unknown) => boolean;
}

/** What the Record Vitals form and the guided measurement check and say around a save. */
export function useRecordGuards(): RecordGuards {
  const navigate = useNavigate();
  const { toast } = useToast();
  const { isInactive, mutate: refreshSubscription } = useSubscription();

  const notLoggedIn = (): void => {
    toast({ title: readingMessages.notLoggedIn, variant: 'destructive' });
  };
  const subscriptionRequired = (): void => {
    toast({
      title: readingMessages.subscriptionRequired,
      description: `Recording vitals needs an active subscription (${PLAN_PRICE}).`,
      variant: 'destructive',
      action: { label: 'Subscribe Now', onClick: () => navigate('/profile#profile-subscription') },
    });
  };

  return {
    mayRecord: async () => {
      if (!hasPresenceCookie()) {
        notLoggedIn();
        return false;
      }
      if (isInactive) {
        const fresh = await refreshSubscription().catch(() => undefined);
        if (!fresh?.isActive) {
          subscriptionRequired();
          return false;
        }
      }
      return true;
    },
    handledAuthError: (error) => {
      if (isSignedOut(error)) {
        notLoggedIn();
        return true;
      }
      if (isSubscriptionRequired(error)) {
        subscriptionRequired();
        return true;
      }
      return false;
    },
  };
}
