/**
 * The offline queue: readings saved on this device while the server could not be reached
 * (issue 19), kept in IndexedDB until `offlineSync` has them stored on the server.
 *
 * One database per user id, so a queued reading can only ever be read, shown or sent for
 * the account that typed it: another person signing in on the same browser opens their own
 * (empty) database.
 *
 * Each item carries its `Idempotency-Key` for life, bound to the one body sent with it
 * (`sentPayload`). The server may have stored that body even when its answer was lost, so
 * later edits never change what the key is sent with: they are applied by a PATCH once the
 * server has said which reading the key stored (`serverId`); a deletion after a send leaves
 * a tombstone that the sync turns into a DELETE. See `offlineSync.ts`.
 */
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ReadingPayload } from './readings';

/** Why the server refused a queued reading (a 4xx other than 401 and 410): shown until fixed or discarded. */
export interface Refusal {
  status: number;
  /** The server's message, in its words. */
  message: string;
  /** The server's field errors (`errors`), e.g. a value out of range. */
  fieldErrors: Record<string, string>;
}

export interface QueuedReading {
  /** Local id; also the order the readings were saved in, which is the order they are sent in. */
  id: number;
  /** The `Idempotency-Key` (a random UUID) this reading is sent with. */
  key: string;
  /** The values the user wants stored (canonical units), as last saved or edited. */
  payload: ReadingPayload;
  /** The body once sent with `key` (null: never sent). Fixed from then on: the server may hold it. */
  sentPayload: ReadingPayload | null;
  /** The server's id of the reading `key` stored, while an edit or a deletion of it is still to be sent. */
  serverId: number | null;
  /** Deleted by the user after it may have reached the server: hidden, and deleted there by the sync. */
  deleted: boolean;
  /** The server's refusal; the reading waits for Fix or Discard. */
  refusal: Refusal | null;
  /** When it was saved on this device (ms since the epoch). */
  savedAt: number;
}

interface QueueSchema extends DBSchema {
  readings: { key: number; value: QueuedReading };
}

const STORE = 'readings';
const DB_PREFIX = 'vitalog-queue-';
const CHANNEL = 'vitalog-offline-queue';

/** The user's queue database (one per user id). */
export const queueDbName = (userId: number): string => `${DB_PREFIX}${userId}`;

const connections = new Map<number, Promise<IDBPDatabase<QueueSchema>>>();

/** False where the browser offers no IndexedDB (rare: some private modes): nothing can be queued. */
export function queueAvailable(): boolean {
  return typeof indexedDB !== 'undefined';
}

function db(userId: number): Promise<IDBPDatabase<QueueSchema>> {
  let open = connections.get(userId);
  if (!open) {
    open = openDB<QueueSchema>(queueDbName(userId), 1, {
      upgrade(database) {
        database.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
      },
      // Another tab deletes the database (sign-out): let it, and reopen next time.
      blocking(_current, _next, event) {
        (event.target as IDBDatabase).close();
        connections.delete(userId);
      },
      terminated() {
        connections.delete(userId);
      },
    });
    connections.set(userId, open);
    open.catch(() => connections.delete(userId));
  }
  return open;
}

// ---- change notices (this tab and the others) ----

/** `changed`: the queue was written; `sent`: a reading reached the server (lists need a refresh). */
export type QueueEvent = { kind: 'changed' | 'sent'; userId: number };

const listeners = new Set<(event: QueueEvent) => void>();
let channel: BroadcastChannel | null | undefined;

function broadcastChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    channel?.addEventListener('message', (message: MessageEvent<QueueEvent>) => {
      for (const listener of listeners) listener(message.data);
    });
  }
  return channel;
}

/** Tells this tab's listeners and the other tabs that the queue changed. */
export function notifyQueue(event: QueueEvent): void {
  for (const listener of listeners) listener(event);
  broadcastChannel()?.postMessage(event);
}

/** Listens to the queue's changes, made in this tab or another; returns the unsubscribe. */
export function onQueueEvent(listener: (event: QueueEvent) => void): () => void {
  broadcastChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// ---- reads ----

async function all(userId: number): Promise<QueuedReading[]> {
  // Keys are the autoIncrement ids: getAll returns them in the order they were saved.
  return (await db(userId)).getAll(STORE);
}

/** The readings to show (saved order): everything but tombstones. */
export async function listQueued(userId: number): Promise<QueuedReading[]> {
  return (await all(userId)).filter((item) => !item.deleted);
}

/** One queued reading (undefined when gone, or deleted). */
export async function getQueued(userId: number, id: number): Promise<QueuedReading | undefined> {
  const item = await (await db(userId)).get(STORE, id);
  return item && !item.deleted ? item : undefined;
}

/** The first item the sync has work for: not refused (a refusal waits for the user). */
export async function nextToSend(userId: number): Promise<QueuedReading | undefined> {
  return (await all(userId)).find((item) => item.refusal === null);
}

/** How many readings would be lost if the queue were dropped (the sign-out warning). */
export async function countQueued(userId: number): Promise<number> {
  return (await listQueued(userId)).length;
}

// ---- writes (each in one transaction, so two tabs never interleave a read and a write) ----

async function change(
  userId: number,
  id: number,
  edit: (item: QueuedReading) => QueuedReading | 'delete' | 'keep',
): Promise<QueuedReading | undefined> {
  const tx = (await db(userId)).transaction(STORE, 'readwrite');
  const item = await tx.store.get(id);
  let result: QueuedReading | undefined;
  if (item) {
    const next = edit(item);
    if (next === 'delete') await tx.store.delete(id);
    else if (next !== 'keep') {
      await tx.store.put(next);
      result = next;
    } else result = item;
  }
  await tx.done;
  notifyQueue({ kind: 'changed', userId });
  return result;
}

export interface EnqueueOptions {
  /** The key the reading was already sent with (a POST that got no answer); a new one otherwise. */
  key?: string;
  /** True when it was already sent with `key`: the server may hold it. */
  sent?: boolean;
}

/** A new random `Idempotency-Key`. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * Saves a reading on this device; returns it with its local id. A key already queued (the
 * same save arriving twice) keeps the one item it has.
 */
export async function enqueue(userId: number, payload: ReadingPayload, options: EnqueueOptions = {}): Promise<QueuedReading> {
  const item: Omit<QueuedReading, 'id'> = {
    key: options.key ?? newIdempotencyKey(),
    payload,
    sentPayload: options.sent ? payload : null,
    serverId: null,
    deleted: false,
    refusal: null,
    savedAt: Date.now(),
  };
  const tx = (await db(userId)).transaction(STORE, 'readwrite');
  const same = (await tx.store.getAll()).find((queued) => queued.key === item.key);
  const id = same ? same.id : await tx.store.add(item as QueuedReading);
  await tx.done;
  notifyQueue({ kind: 'changed', userId });
  return same ?? { ...item, id };
}

/** Replaces a queued reading's values (Fix or Edit); it waits to be sent again. False when it is gone. */
export async function editQueued(userId: number, id: number, payload: ReadingPayload): Promise<boolean> {
  const item = await change(userId, id, (current) => (current.deleted ? 'keep' : { ...current, payload, refusal: null }));
  return item !== undefined && !item.deleted;
}

/**
 * Deletes a queued reading (Delete, Discard). One never sent, or refused, is dropped at
 * once; one that may be on the server becomes a tombstone the sync deletes there too.
 */
export async function removeQueued(userId: number, id: number): Promise<void> {
  await change(userId, id, (current) =>
    current.sentPayload === null || current.refusal !== null ? 'delete' : { ...current, deleted: true },
  );
}

/** Before a POST: the body goes out with the key, so it is fixed from now on. */
export async function markSent(userId: number, id: number, body: ReadingPayload): Promise<void> {
  await change(userId, id, (current) => (current.sentPayload ? 'keep' : { ...current, sentPayload: body }));
}

/** The server stored the key's reading as `serverId`; an edit or a deletion is still due. */
export async function markStored(userId: number, id: number, serverId: number): Promise<void> {
  await change(userId, id, (current) => ({ ...current, serverId }));
}

/** The server refused the item; with `forgetKey` (a body it can never have stored) the next send starts afresh. */
export async function markRefused(userId: number, id: number, refusal: Refusal, forgetKey: boolean): Promise<void> {
  await change(userId, id, (current) =>
    forgetKey ? { ...current, refusal, key: newIdempotencyKey(), sentPayload: null } : { ...current, refusal },
  );
}

/** Sends afresh with a new key when the refused body was not what the user wants now (edited meanwhile). */
export async function forgetRefusedKey(userId: number, id: number): Promise<void> {
  await change(userId, id, (current) => ({ ...current, key: newIdempotencyKey(), sentPayload: null }));
}

/**
 * Done with an item: removes it when `done(current)` holds for its current state (e.g. its
 * values are still the ones the server now has); returns whether it was removed.
 */
export async function settle(userId: number, id: number, done: (current: QueuedReading) => boolean): Promise<boolean> {
  let removed = false;
  await change(userId, id, (current) => {
    removed = done(current);
    return removed ? 'delete' : 'keep';
  });
  return removed;
}

/** Drops the user's whole queue (sign-out after the warning). */
export async function clearQueue(userId: number): Promise<void> {
  const open = connections.get(userId);
  connections.delete(userId);
  if (open) (await open.catch(() => undefined))?.close();
  await deleteDB(queueDbName(userId));
  notifyQueue({ kind: 'changed', userId });
}

/** True when both bodies hold the same values. */
export function samePayload(a: ReadingPayload, b: ReadingPayload): boolean {
  const keys: ReadonlyArray<keyof ReadingPayload> = [
    'date',
    'time',
    'systolic',
    'diastolic',
    'heartRate',
    'weight',
    'bloodSugar',
    'notes',
  ];
  // An older queued reading has no setting: it is a home one.
  return keys.every((k) => (a[k] ?? null) === (b[k] ?? null)) && (a.setting ?? 'home') === (b.setting ?? 'home');
}
