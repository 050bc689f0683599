import { vi, type Mock } from 'vitest';

export interface MockResponse {
  status?: number;
  body?: unknown;
  statusText?: string;
}

export interface RecordedCall {
  url: string;
  method: string;
  /** A JSON body parsed; a binary body (`Blob`) as sent. */
  body: unknown;
  credentials: RequestCredentials | undefined;
  headers: Record<string, string>;
}

function toResponse({ status = 200, body, statusText = '' }: MockResponse): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(status === 204 ? null : text, {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces `fetch` with a router of canned answers keyed by "METHOD /path". A function
 * answer can inspect the call; an Error answer simulates a network failure.
 */
export function mockFetch(
  routes: Record<string, MockResponse | Error | ((call: RecordedCall) => MockResponse | Error)>,
): { calls: RecordedCall[]; fn: Mock } {
  const calls: RecordedCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const rawBody = init?.body;
    const call: RecordedCall = {
      url,
      method,
      body: typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : rawBody instanceof Blob ? rawBody : undefined,
      credentials: init?.credentials,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const answer = routes[`${method} ${url}`];
    if (answer === undefined) throw new Error(`unexpected request ${method} ${url}`);
    const resolved = typeof answer === 'function' ? answer(call) : answer;
    if (resolved instanceof Error) throw resolved;
    return toResponse(resolved);
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}

export const networkDown = (): TypeError => new TypeError('Failed to fetch');
