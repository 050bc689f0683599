import { vi } from 'vitest';
import type { ReadingPayload } from '../features/readings/api/readings';

/** What the fake server does with the next matching request instead of answering normally. */
export type Fault =
  | { kind: 'network' } // never reaches the server
  | { kind: 'lost' } // the server does its work, the answer is lost
  | { kind: 'status'; status: number; body?: unknown; retryAfter?: string };

export interface StoredReading {
  id: number;
  body: ReadingPayload;
}

export interface FakeServer {
  /** Readings on the server now, by id. */
  readings: Map<number, StoredReading>;
  /** Every request, in order: "POST /api/readings key=…", "PATCH /api/readings/3", ... */
  log: string[];
  /** The signed-in user's id (`GET /api/user`). */
  userId: number;
  /** Faults for the next requests whose "METHOD path" starts with the prefix, used once each in order. */
  faults: Array<{ match: string; fault: Fault }>;
  /** Runs while a request is on its way, before the server handles it (e.g. the user edits the queue). */
  during: ((request: string) => Promise<void>) | null;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/**
 * A server with the `Idempotency-Key` contract of issue 19 behind a stubbed `fetch`: a key and
 * the same body answer the same reading (replayed), a key with another body 422, a key whose
 * reading was deleted 410.
 */
export function fakeReadingsServer(userId = 1): FakeServer {
  const server: FakeServer = { readings: new Map(), log: [], userId, faults: [], during: null };
  const byKey = new Map<string, { id: number; body: string }>();
  let nextId = 100;

  const handle = (method: string, path: string, headers: Record<string, string>, text: string): Response => {
    if (method === 'GET' && path === '/api/user') return json(200, { id: server.userId, username: 'u' });
    if (method === 'POST' && path === '/api/readings') {
      const key = headers['Idempotency-Key'];
      const known = key ? byKey.get(key) : undefined;
      if (known) {
        if (known.body !== text) return json(422, { message: 'This Idempotency-Key was already used for a different reading' });
        const stored = server.readings.get(known.id);
        if (!stored) return json(410, { message: 'This reading was saved and has since been deleted' });
        return json(201, { id: stored.id, ...stored.body }, { 'Idempotent-Replayed': 'true' });
      }
      const body = JSON.parse(text) as ReadingPayload;
      const id = nextId++;
      server.readings.set(id, { id, body });
      if (key) byKey.set(key, { id, body: text });
      return json(201, { id, ...body });
    }
    const match = /^\/api\/readings\/(\d+)$/.exec(path);
    if (match) {
      const id = Number(match[1]);
      const stored = server.readings.get(id);
      if (!stored) return json(404, { message: 'Reading not found' });
      if (method === 'DELETE') {
        server.readings.delete(id);
        return json(204, null);
      }
      if (method === 'PATCH') {
        stored.body = JSON.parse(text) as ReadingPayload;
        return json(200, { id, ...stored.body });
      }
    }
    return json(404, { message: `no route ${method} ${path}` });
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      const method = (init?.method ?? 'GET').toUpperCase();
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const text = typeof init?.body === 'string' ? init.body : '';
      const request = `${method} ${path}`;
      server.log.push(headers['Idempotency-Key'] ? `${request} key=${headers['Idempotency-Key']}` : request);
      if (server.during) await server.during(request);
      const index = server.faults.findIndex((f) => request.startsWith(f.match));
      const fault = index === -1 ? undefined : server.faults.splice(index, 1)[0]?.fault;
      if (fault?.kind === 'network') throw new TypeError('Failed to fetch');
      if (fault?.kind === 'status') {
        const extra: Record<string, string> = fault.retryAfter ? { 'Retry-After': fault.retryAfter } : {};
        return json(fault.status, fault.body ?? { message: `error ${fault.status}` }, extra);
      }
      const response = handle(method, path, headers, text);
      if (fault?.kind === 'lost') throw new TypeError('Failed to fetch');
      return response;
    }),
  );
  return server;
}

/** A reading's values as the form sends them. */
export function payload(overrides: Partial<ReadingPayload> = {}): ReadingPayload {
  return {
    date: '2026-11-20',
    time: '07:30',
    systolic: 120,
    diastolic: 80,
    heartRate: 60,
    weight: null,
    bloodSugar: null,
    notes: null,
    ...overrides,
  };
}
