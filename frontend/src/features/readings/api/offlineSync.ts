/**
 * Sends the offline queue (`offlineQueue.ts`) to the server: in the order the readings were
 * saved, each with its `Idempotency-Key`, on start, on reconnect and after each change.
 *
 * - One tab sends at a time: a Web Lock per user (tabs wait their turn; in one tab a run
 *   asked for while one is going makes it go round once more). Without Web Locks (old
 *   browsers) the key still keeps a double send from storing two readings.
 * - Before sending, the session must be the queue's owner (`GET /api/user`): another person
 *   may have signed in on this browser in another tab.
 * - 201 and 410 ("saved, since deleted") are done; 5xx, 408, 429 and no answer wait and
 *   retry with growing delays (never a tight loop); 401 stops until signed in; any other 4xx
 *   keeps the reading with the server's message for Fix or Discard. Which answer is which is
 *   read from the body's code by `lib/serverErrors`.
 * - Every answer is applied to the item as it is *now* (re-read in a transaction): an
 *   edit made while it was on its way becomes a PATCH, a deletion a DELETE.
 */
import { isApiError, isNetworkError } from '../../../lib/api';
import { isOnline, onReconnect } from '../../../lib/connection';
import { hasPresenceCookie } from '../../../lib/cookies';
import {
  forgetRefusedKey,
  markRefused,
  markSent,
  markStored,
  nextToSend,
  notifyQueue,
  onQueueEvent,
  queueAvailable,
  samePayload,
  settle,
  type QueuedReading,
  type Refusal,
} from './offlineQueue';
import { createReading, deleteReading, updateReading } from './readings';
import { isGone, isInvalid, isNotFound, isRetryable, isSignedOut } from '../../../lib/serverErrors';
import { fetchUser } from '../../../lib/session';

/** How a run ended: all sent (or waiting for the user), try again later, or wait for a reconnect / sign-in. */
export type RunResult = { kind: 'done' } | { kind: 'retry'; afterMs: number | null } | { kind: 'stop' };

type Step = 'next' | RunResult;

/** The first retry waits this long; each failure doubles it, up to {@link MAX_BACKOFF_MS}. */
export const FIRST_BACKOFF_MS = 2_000;
export const MAX_BACKOFF_MS = 5 * 60_000;

/** The wait before retry number `failures` (1, 2, ...): 2 s, 4 s, ... 5 min, plus up to 1 s so tabs and devices spread out. */
export function backoffMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1));
  return base + Math.floor(random() * 1_000);
}

/** The refusal kept with the item: the server's message, else its first field error, else the status. */
export function refusalOf(error: unknown): Refusal | null {
  if (!isApiError(error)) return null;
  const { status } = error;
  // Not a refusal: no error, one to retry, signed out, or saved and since deleted.
  if (status < 400 || isRetryable(error) || isSignedOut(error) || isGone(error)) return null;
  const fieldErrors = error.fieldErrors;
  const message =
    error.serverMessage ?? Object.values(fieldErrors)[0] ?? `The server did not accept this reading (error ${status}).`;
  return { status, message, fieldErrors };
}

/** A failed request: retry later (no answer, 5xx, 408, 429), stop (401), or null for a refusal. */
function transient(error: unknown): RunResult | null {
  if (isNetworkError(error)) return { kind: 'retry', afterMs: null };
  if (!isApiError(error)) throw error;
  if (isSignedOut(error)) return { kind: 'stop' };
  if (isRetryable(error)) {
    const after = error.retryAfterSeconds;
    return { kind: 'retry', afterMs: after !== null ? after * 1_000 : null };
  }
  return null;
}

/** Deleted on the server meanwhile: not found, or gone. */
const deletedThere = (error: unknown): boolean => isNotFound(error) || isGone(error);

/** The POST of the key's body, then whatever the item needs now. */
async function sendNew(userId: number, item: QueuedReading): Promise<Step> {
  if (item.deleted && item.sentPayload === null) {
    await settle(userId, item.id, () => true);
    return 'next';
  }
  const body = item.sentPayload ?? item.payload;
  // Recorded before it goes: if the answer is lost (or the tab closes), the key stays bound to this body.
  await markSent(userId, item.id, body);
  let serverId: number;
  try {
    serverId = (await createReading(body, item.key)).id;
  } catch (error) {
    if (isGone(error)) {
      // Stored once and deleted since (on another device): nothing more to do for it.
      await settle(userId, item.id, () => true);
      notifyQueue({ kind: 'sent', userId });
      return 'next';
    }
    return refused(userId, item, body, error);
  }
  const removed = await settle(userId, item.id, (now) => !now.deleted && samePayload(now.payload, body));
  if (!removed) await markStored(userId, item.id, serverId);
  notifyQueue({ kind: 'sent', userId });
  return 'next';
}

/** The server has the key's reading: apply the later edit (PATCH) or deletion (DELETE). */
async function sendFollowUp(userId: number, item: QueuedReading, serverId: number): Promise<Step> {
  const payload = item.payload;
  try {
    if (item.deleted) await deleteReading(serverId);
    else await updateReading(serverId, payload);
  } catch (error) {
    if (!deletedThere(error)) return refused(userId, item, payload, error);
    // Deleted on the server meanwhile (another device): the user's copy there is gone too.
    await settle(userId, item.id, () => true);
    notifyQueue({ kind: 'sent', userId });
    return 'next';
  }
  // An edit made while the PATCH was on its way goes round once more.
  await settle(userId, item.id, (now) => now.deleted === item.deleted && samePayload(now.payload, payload));
  notifyQueue({ kind: 'sent', userId });
  return 'next';
}

async function refused(userId: number, item: QueuedReading, body: QueuedReading['payload'], error: unknown): Promise<Step> {
  const wait = transient(error);
  if (wait) return wait;
  const refusal = refusalOf(error);
  if (!refusal) throw error;
  if (item.deleted) {
    // Refused, so not stored: the deletion the user asked for is complete.
    await settle(userId, item.id, () => true);
    return 'next';
  }
  // A new reading refused as invalid (400): the server stored nothing under the key, so a
  // corrected reading may be sent afresh.
  const invalidNew = isInvalid(error) && item.serverId === null;
  if (invalidNew && !samePayload(item.payload, body)) {
    // The user already changed it after this body went out: send what they want now.
    await forgetRefusedKey(userId, item.id);
    return 'next';
  }
  await markRefused(userId, item.id, refusal, invalidNew);
  return 'next';
}

/** One item's next step. */
export function sendItem(userId: number, item: QueuedReading): Promise<Step> {
  return item.serverId === null ? sendNew(userId, item) : sendFollowUp(userId, item, item.serverId);
}

/** Is the signed-in session this queue's owner? 'retry' when that cannot be asked now. */
async function sessionIsOwner(userId: number): Promise<boolean | RunResult> {
  if (!hasPresenceCookie()) return { kind: 'stop' };
  try {
    return (await fetchUser()).id === userId;
  } catch (error) {
    return transient(error) ?? { kind: 'stop' };
  }
}

/** Sends what the queue holds until it is empty, a request must wait, or the session is not the owner's. */
export async function runQueue(userId: number): Promise<RunResult> {
  if (!isOnline() || !queueAvailable()) return { kind: 'stop' };
  let item = await nextToSend(userId);
  if (!item) return { kind: 'done' };
  const owner = await sessionIsOwner(userId);
  if (owner !== true) return owner === false ? { kind: 'stop' } : owner;
  // Every step removes, refuses or advances an item; the bound only guards against a bug looping.
  for (let steps = 0; item && steps < 1_000; steps += 1) {
    const step = await sendItem(userId, item);
    if (step !== 'next') return step;
    if (!hasPresenceCookie()) return { kind: 'stop' };
    item = await nextToSend(userId);
  }
  return { kind: 'done' };
}

interface LockManagerLike {
  request: (name: string, callback: () => Promise<unknown>) => Promise<unknown>;
}

function locks(): LockManagerLike | null {
  const nav = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManagerLike });
  return nav?.locks ?? null;
}

export const syncLockName = (userId: number): string => `vitalog-offline-sync-${userId}`;

export interface SyncEngine {
  /** Asks for a run now (a change, "Send now"): resets the backoff. */
  syncNow: () => void;
  /** Stops the timers and listeners (sign-out, unmount). */
  stop: () => void;
}

/**
 * Keeps the user's queue going in this tab: a run at start, on reconnect, on each change of
 * the queue (here or in another tab), and after a failure once its backoff has passed.
 */
export function startSync(userId: number): SyncEngine {
  let stopped = false;
  let running = false;
  let again = false;
  let failures = 0;
  let timer: number | undefined;

  const schedule = (delay: number): void => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void run(), delay);
  };

  const once = async (): Promise<RunResult> => {
    const manager = locks();
    if (!manager) return runQueue(userId);
    let result: RunResult = { kind: 'done' };
    await manager.request(syncLockName(userId), async () => {
      result = await runQueue(userId);
    });
    return result;
  };

  const run = async (): Promise<void> => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    window.clearTimeout(timer);
    try {
      do {
        again = false;
        const result = await once().catch((error: unknown): RunResult => {
          console.error('offline sync', error);
          return { kind: 'retry', afterMs: null };
        });
        if (stopped) return;
        if (result.kind === 'retry') {
          failures += 1;
          schedule(Math.max(result.afterMs ?? 0, backoffMs(failures)));
          return;
        }
        failures = 0;
      } while (again);
    } finally {
      running = false;
    }
  };

  const syncNow = (): void => {
    failures = 0;
    void run();
  };
  const offReconnect = onReconnect(syncNow);
  // Writes by this engine notify too; a 'changed' while running only sets `again`, and a run
  // with nothing to send asks the server nothing, so this cannot spin.
  const offQueue = onQueueEvent((event) => {
    if (event.userId === userId && event.kind === 'changed' && !running && failures === 0) void run();
  });
  void run();

  return {
    syncNow,
    stop: () => {
      stopped = true;
      window.clearTimeout(timer);
      offReconnect();
      offQueue();
    },
  };
}
