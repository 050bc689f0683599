/**
 * React's view of the offline queue: the queued readings of the signed-in account, kept
 * current across tabs, and the sync engine's handle. See `offlineQueue.ts` and `offlineSync.ts`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAccount } from '../../../lib/account';
import { getQueued, listQueued, onQueueEvent, type QueuedReading } from './offlineQueue';
import { startSync, type SyncEngine } from './offlineSync';
import { useRefreshReadings } from './readings';

const engines = new Map<number, SyncEngine>();

/**
 * Runs the user's sync engine in this tab while mounted (the protected layout), and refreshes
 * the reading lists when queued readings reach the server (sent from this tab or another).
 */
export function useOfflineSync(userId: number): void {
  const refreshReadings = useRefreshReadings();
  const refresh = useRef(refreshReadings);
  useEffect(() => {
    refresh.current = refreshReadings;
  });
  useEffect(() => {
    const engine = startSync(userId);
    engines.set(userId, engine);
    let timer: number | undefined;
    const off = onQueueEvent((event) => {
      if (event.userId !== userId || event.kind !== 'sent') return;
      // Several readings sent in a row refresh the lists once.
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void refresh.current(), REFRESH_DELAY_MS);
    });
    return () => {
      engine.stop();
      off();
      window.clearTimeout(timer);
      if (engines.get(userId) === engine) engines.delete(userId);
    };
  }, [userId]);
}

const REFRESH_DELAY_MS = 300;

/** Asks this tab's engine to send now (after a save or a fix, or the "Send now" button). */
export function syncNow(userId: number): void {
  engines.get(userId)?.syncNow();
}

export interface QueuedReadingsState {
  items: QueuedReading[];
  /** False until the queue was read once. */
  loaded: boolean;
  /** Set when the queue could not be read (IndexedDB blocked or broken). */
  error: unknown;
}

/** Re-reads with `read` now and whenever the account's queue changes, here or in another tab. */
function useQueueRead<T>(read: (userId: number) => Promise<T>, initial: T): { value: T; loaded: boolean; error: unknown } {
  const account = useAccount();
  const userId = account?.id ?? null;
  const [state, setState] = useState<{ value: T; loaded: boolean; error: unknown }>({ value: initial, loaded: false, error: undefined });
  useEffect(() => {
    if (userId === null) return undefined;
    let live = true;
    const load = (): void => {
      read(userId).then(
        (value) => live && setState({ value, loaded: true, error: undefined }),
        (error: unknown) => live && setState((s) => ({ ...s, loaded: true, error })),
      );
    };
    load();
    const off = onQueueEvent((event) => {
      if (event.userId === userId) load();
    });
    return () => {
      live = false;
      off();
    };
    // `read` is a stable module function or a memoised callback.
  }, [userId, read]);
  return state;
}

/** The account's queued readings (saved order), current across tabs. */
export function useQueuedReadings(): QueuedReadingsState {
  const { value, loaded, error } = useQueueRead(listQueued, [] as QueuedReading[]);
  return { items: value, loaded, error };
}

/** One queued reading (`id` null: none); `item` undefined once loaded means it is gone (sent or deleted). */
export function useQueuedReading(id: number | null): { item: QueuedReading | undefined; loaded: boolean } {
  const read = useCallback((userId: number) => (id === null ? Promise.resolve(undefined) : getQueued(userId, id)), [id]);
  const { value, loaded } = useQueueRead<QueuedReading | undefined>(read, undefined);
  return { item: value, loaded };
}
