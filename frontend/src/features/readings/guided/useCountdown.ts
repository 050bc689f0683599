import { useCallback, useSyncExternalStore } from 'react';

const secondsLeft = (endsAt: number): number => Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));

const noSubscription = (): void => undefined;

/**
 * Whole seconds left until `endsAt` (ms since the epoch; null: no countdown, 0). Read from
 * the clock on every tick and when the page is shown again, so a throttled tab or a reload
 * shows the right time at once.
 */
export function useCountdown(endsAt: number | null): number {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (endsAt === null) return noSubscription;
      const timer = window.setInterval(onChange, 250);
      document.addEventListener('visibilitychange', onChange);
      return () => {
        window.clearInterval(timer);
        document.removeEventListener('visibilitychange', onChange);
      };
    },
    [endsAt],
  );
  return useSyncExternalStore(subscribe, () => (endsAt === null ? 0 : secondsLeft(endsAt)));
}
