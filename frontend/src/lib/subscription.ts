import useSWR, { type KeyedMutator } from 'swr';
import { BILLING_PLAN } from './rules';
import { fetcher } from './api';
import type { Schemas, Sent } from './apiTypes';

/**
 * `GET /api/user/subscription`: the server decides; the client only displays it.
 * `expiresAt`: RFC 3339 UTC end of the paid period, or null when never subscribed;
 * `cancelledAt`: set when the user cancelled (the paid period still runs to its end).
 */
export type SubscriptionStatus = Sent<Schemas['SubscriptionDto'], 'expiresAt'>;

export const SUBSCRIPTION_KEY = '/api/user/subscription';

/**
 * The plan's price, from its one source (crates/billing/rules.json, the server's
 * `billing::rules::{PRICE, CURRENCY}`): the amount an activation reports (the server checks
 * the amount it captured itself) and the words every screen says it in.
 */
export const PLAN_AMOUNT: string = BILLING_PLAN.price;
export const PLAN_CURRENCY: string = BILLING_PLAN.currency;
/** "5 USD": the price as the app says it. */
export const PLAN_PRICE_LABEL = `${Number(PLAN_AMOUNT)} ${PLAN_CURRENCY}`;
/** "5 USD per year". */
export const PLAN_PRICE = `${PLAN_PRICE_LABEL} per year`;

export interface SubscriptionState {
  subscription: SubscriptionStatus | undefined;
  isLoading: boolean;
  error: unknown;
  /** True only once the server has said the subscription is inactive (never while loading). */
  isInactive: boolean;
  mutate: KeyedMutator<SubscriptionStatus>;
}

/** The signed-in user's subscription, shared by every screen through SWR's cache. */
export function useSubscription(): SubscriptionState {
  const { data, error, isLoading, mutate } = useSWR<SubscriptionStatus>(SUBSCRIPTION_KEY, fetcher);
  return {
    subscription: data,
    isLoading,
    error: error as unknown,
    isInactive: data !== undefined && !data.isActive,
    mutate,
  };
}
