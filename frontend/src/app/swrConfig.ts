import type { SWRConfiguration } from 'swr';
import { fetcher } from '../lib/api';

/**
 * Responses are cached for the life of the page: no refetch on focus or reconnect, no
 * polling, no retries, no revalidation of cached keys on mount. Mutations update or
 * revalidate the keys they affect.
 */
export const swrConfig = {
  fetcher,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
  shouldRetryOnError: false,
  errorRetryCount: 0,
  dedupingInterval: 2000,
} satisfies SWRConfiguration;
