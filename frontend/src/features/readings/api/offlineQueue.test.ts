import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReadingsServer, payload, type FakeServer } from '../../../testing/offlineServer';
import { setPresenceCookie } from '../../../testing/fixtures';
import {
  clearQueue,
  countQueued,
  editQueued,
  enqueue,
  getQueued,
  listQueued,
  removeQueued,
  type QueuedReading,
} from './offlineQueue';
import { backoffMs, MAX_BACKOFF_MS, runQueue, startSync } from './offlineSync';

const ALICE = 1;
const BOB = 2;

let server: FakeServer;

beforeEach(() => {
  setPresenceCookie();
  server = fakeReadingsServer(ALICE);
});

afterEach(async () => {
  await clearQueue(ALICE);
  await clearQueue(BOB);
  vi.unstubAllGlobals();
});

const posts = (): string[] => server.log.filter((line) => line.startsWith('POST'));
const storedSystolics = (): Array<number | null | undefined> => [...server.readings.values()].map((r) => r.body.systolic);

describe('the offline queue', () => {
  it('keeps each user apart: a reading queued by one is never listed, counted or sent for another', async () => {
    await enqueue(ALICE, payload({ systolic: 131 }));
    expect(await listQueued(BOB)).toEqual([]);
    expect(await countQueued(BOB)).toBe(0);
    server.userId = BOB;
    expect(await runQueue(BOB)).toEqual({ kind: 'done' });
    expect(posts()).toEqual([]);
    expect(await countQueued(ALICE)).toBe(1);
  });

  it('keeps one item for one key (the same save arriving twice)', async () => {
    const first = await enqueue(ALICE, payload(), { key: 'key-0001' });
    const again = await enqueue(ALICE, payload(), { key: 'key-0001' });
    expect(again.id).toBe(first.id);
    expect(await countQueued(ALICE)).toBe(1);
  });

  it('drops a never-sent reading at once, and keeps a tombstone (hidden) for one that may be on the server', async () => {
    const never = await enqueue(ALICE, payload());
    const maybe = await enqueue(ALICE, payload({ systolic: 140 }), { sent: true });
    await removeQueued(ALICE, never.id);
    await removeQueued(ALICE, maybe.id);
    expect(await listQueued(ALICE)).toEqual([]);
    expect(await getQueued(ALICE, maybe.id)).toBeUndefined();
  });
});

describe('sending the queue', () => {
  it('sends in the order saved, each with its own Idempotency-Key, and empties the queue', async () => {
    const items: QueuedReading[] = [];
    for (const systolic of [121, 122, 123]) items.push(await enqueue(ALICE, payload({ systolic })));
    expect(await runQueue(ALICE)).toEqual({ kind: 'done' });
    expect(posts()).toEqual(items.map((item) => `POST /api/readings key=${item.key}`));
    expect(storedSystolics()).toEqual([121, 122, 123]);
    expect(await countQueued(ALICE)).toBe(0);
    expect(server.log[0]).toBe('GET /api/user');
  });

  it('sends nothing when the session now belongs to someone else (signed in in another tab)', async () => {
    await enqueue(ALICE, payload());
    server.userId = BOB;
    expect(await runQueue(ALICE)).toEqual({ kind: 'stop' });
    expect(posts()).toEqual([]);
    expect(await countQueued(ALICE)).toBe(1);
  });

  it('stores one reading when the answer to a POST was lost and it is sent again', async () => {
    await enqueue(ALICE, payload({ systolic: 150 }));
    server.faults.push({ match: 'POST /api/readings', fault: { kind: 'lost' } });
    expect((await runQueue(ALICE)).kind).toBe('retry');
    expect(server.readings.size).toBe(1);
    expect(await countQueued(ALICE)).toBe(1);
    expect(await runQueue(ALICE)).toEqual({ kind: 'done' });
    expect(server.readings.size).toBe(1);
    expect(posts()).toHaveLength(2);
    expect(new Set(posts()).size).toBe(1);
  });

  it('stores one reading when a form POST got no answer and its queued copy is sent with the same key', async () => {
    // What Record Vitals does: POST with a key, no answer, queued as sent with that key.
    const key = 'form-key-123';
    server.faults.push({ match: 'POST /api/readings', fault: { kind: 'lost' } });
    await expect(
      fetch('/api/readings', { method: 'POST', headers: { 'Idempotency-Key': key }, body: JSON.stringify(payload()) }),
    ).rejects.toThrow();
    await enqueue(ALICE, payload(), { key, sent: true });
    expect(await runQueue(ALICE)).toEqual({ kind: 'done' });
    expect(server.readings.size).toBe(1);
  });

  it('applies an edit made after a lost answer as a PATCH of the stored reading (the key keeps its body)', async () => {
    const item = await enqueue(ALICE, payload({ systolic: 150 }));
    server.faults.push({ match: 'POST /api/readings', fault: { kind: 'lost' } });
    await runQueue(ALICE);
    expect(await editQueued(ALICE, item.id, payload({ systolic: 135 }))).toBe(true);
    expect(await runQueue(ALICE)).toEqual({ kind: 'done' });
    expect(storedSystolics()).toEqual([135]);
    expect(server.log.filter((l) => !l.startsWith('GET'))).toEqual([
      `POST /api/readings key=${item.key}`,
      `POST /api/readings key=${item.key}`,
      'PATCH /api/readings/100',
    ]);
  });

  it('applies an edit made while the POST was on its way, and a deletion likewise', async () => {
    const edited = await enqueue(ALICE, payload({ systolic: 150 }));
    const deleted = await enqueue(ALICE, payload({ systolic: 160 }));
    server.during = async (request) => {
      if (!request.startsWith('POST')) return;
      if (server.readings.size === 0) await editQueued(ALICE, edited.id, payload({ systolic: 151 }));
      else await removeQueued(ALICE, deleted.id);
    };
    expect(await runQueue(ALICE)).toEqual({ kind: 'done' });
    expect(storedSystolics()).toEqual([151]);
    expect(server.log).toContain('DELETE /api/readings/101');
    expect(await countQueued(ALICE)).toBe(0);
  });

  it('deletes on the server a reading deleted on this device after a lost answer', async () => {
    const item = await enqueue(ALICE, payload());
    server.faults.push({ match: 'POST /api/readings', fault: { kind: 'lost' } });
    await runQueue(ALICE);
    await removeQueued(ALICE, item.id);
    expect(await listQueued(ALICE)).toEqual([]);
    expect(await runQueue(ALICE)).toEqual({ kind: 'done' });
    expect(server.readings.size).toBe(0);
  });

  it('takes 410 (saved, since deleted) as done', async () => {
    await enqueue(ALICE, payload());
    server.faults.push({
      match: 'POST /api/readings',
      fault: { kind: 'status', status: 410, body: { message: 'This reading was saved and has since been deleted' } },
    });
    expect(await runQueue(ALICE)).toEqual({ kind: 'done' });
    expect(await countQueued(ALICE)).toBe(0);
  });

  it('keeps a refused reading with the server message, sends the ones after it, and Discard removes it', async () => {
    const refused = await enqueue(ALICE, payload({ systolic: 131 }));
    await enqueue(ALICE, payload({ systolic: 132 }));
    server.faults.push({
      match: 'POST /api/readings',
      fault: { kind: 'status', status: 403, body: { code: 'subscription_required', message: 'Subscription Required' } },
    });
    expect(await runQueue(ALICE)).toEqual({ kind: 'done' });
    expect(storedSystolics()).toEqual([132]);
    const [kept] = await listQueued(ALICE);
    expect(kept?.refusal).toEqual({ status: 403, message: 'Subscription Required', fieldErrors: {} });
    // A refusal waits for the user: another run does not send it again.
    await runQueue(ALICE);
    expect(posts()).toHaveLength(2);
    await removeQueued(ALICE, refused.id);
    expect(await countQueued(ALICE)).toBe(0);
  });

  it('sends a fixed reading after a 400 with a new key, and stores it once', async () => {
    const item = await enqueue(ALICE, payload({ systolic: 300 }));
    server.faults.push({
      match: 'POST /api/readings',
      fault: { kind: 'status', status: 400, body: { message: 'Invalid reading', errors: { systolic: 'Systolic must be less than 250' } } },
    });
    await runQueue(ALICE);
    const [kept] = await listQueued(ALICE);
    expect(kept?.refusal?.fieldErrors).toEqual({ systolic: 'Systolic must be less than 250' });
    expect(kept?.key).not.toBe(item.key);
    await editQueued(ALICE, item.id, payload({ systolic: 130 }));
    expect(await runQueue(ALICE)).toEqual({ kind: 'done' });
    expect(storedSystolics()).toEqual([130]);
  });

  it('stops at a 5xx, in order, and says to retry; honours Retry-After on a 429', async () => {
    await enqueue(ALICE, payload({ systolic: 121 }));
    await enqueue(ALICE, payload({ systolic: 122 }));
    server.faults.push({ match: 'POST /api/readings', fault: { kind: 'status', status: 503 } });
    expect(await runQueue(ALICE)).toEqual({ kind: 'retry', afterMs: null });
    expect(posts()).toHaveLength(1);
    server.faults.push({ match: 'POST /api/readings', fault: { kind: 'status', status: 429, retryAfter: '30' } });
    expect(await runQueue(ALICE)).toEqual({ kind: 'retry', afterMs: 30_000 });
    expect(await runQueue(ALICE)).toEqual({ kind: 'done' });
    expect(storedSystolics()).toEqual([121, 122]);
  });

  it('stops on 401 and keeps everything', async () => {
    await enqueue(ALICE, payload());
    server.faults.push({
      match: 'POST /api/readings',
      fault: { kind: 'status', status: 401, body: { code: 'not_authenticated', message: 'Not authenticated' } },
    });
    expect(await runQueue(ALICE)).toEqual({ kind: 'stop' });
    expect(await countQueued(ALICE)).toBe(1);
  });

  it('asks nothing of the server with an empty queue, or offline', async () => {
    expect(await runQueue(ALICE)).toEqual({ kind: 'done' });
    await enqueue(ALICE, payload());
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await runQueue(ALICE)).toEqual({ kind: 'stop' });
    expect(server.log).toEqual([]);
  });
});

describe('backoff', () => {
  it('doubles from 2 s up to 5 min, with under 1 s of spread', () => {
    const none = (): number => 0;
    expect([1, 2, 3, 4].map((n) => backoffMs(n, none))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(backoffMs(30, none)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(1, () => 0.999)).toBeLessThan(3_000);
  });
});

describe('two tabs', () => {
  /** A Web Locks stand-in: one holder per name, the others wait their turn. */
  function fakeLocks(): () => void {
    const tails = new Map<string, Promise<unknown>>();
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: (name: string, callback: () => Promise<unknown>) => {
          const run = (tails.get(name) ?? Promise.resolve()).then(callback);
          tails.set(name, run.catch(() => undefined));
          return run;
        },
      },
    });
    return () => {
      delete (navigator as { locks?: unknown }).locks;
    };
  }

  it('sends each reading once when two tabs start sending together', async () => {
    const restore = fakeLocks();
    for (const systolic of [121, 122, 123]) await enqueue(ALICE, payload({ systolic }));
    const tabA = startSync(ALICE);
    const tabB = startSync(ALICE);
    await vi.waitFor(async () => expect(await countQueued(ALICE)).toBe(0));
    tabA.stop();
    tabB.stop();
    restore();
    expect(posts()).toHaveLength(3);
    expect(storedSystolics()).toEqual([121, 122, 123]);
  });

  it('stores each reading once even without Web Locks (the key)', async () => {
    for (const systolic of [121, 122]) await enqueue(ALICE, payload({ systolic }));
    await Promise.all([runQueue(ALICE), runQueue(ALICE)]);
    expect(storedSystolics()).toEqual([121, 122]);
  });
});
