import { describe, expect, it } from 'vitest';
import { fetcher } from '../lib/api';
import { swrConfig } from './swrConfig';

describe('SWR global configuration (spec section 7)', () => {
  it('caches indefinitely: no refetch on focus or reconnect, no polling, no retries', () => {
    expect(swrConfig).toMatchObject({
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      revalidateIfStale: false,
      refreshInterval: 0,
      shouldRetryOnError: false,
    });
    expect(swrConfig.dedupingInterval).toBeGreaterThan(0);
    expect(swrConfig.fetcher).toBe(fetcher);
  });
});
