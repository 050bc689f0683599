/**
 * The one HTTP client of the app. Every request sends the session cookie
 * (`credentials: 'include'`), non-GET bodies are JSON (a `Blob` is sent as it is, as
 * `application/octet-stream`), and a non-OK answer becomes an {@link ApiError} whose
 * message reads `'{status}: {body or statusText}'`. What an error means is
 * `lib/serverErrors`'s to say.
 */
import type { ErrorCode } from './apiTypes';

/** The server's error body: `{ code, message, errors?: { field: message } }` plus a few extras. */
export interface ApiErrorBody {
  /** What went wrong, for programs (`ErrorCode`), as sent: {@link ApiError.code} is it when it is one. */
  code?: string;
  message?: string;
  errors?: Record<string, string>;
  requiresVerification?: boolean;
  /** A shared record's 401: its access code is needed (issue 17). */
  codeRequired?: boolean;
  email?: string;
  valid?: boolean;
}

/** Every code of the contract, so one a body names can be told from anything else it might say. */
const ERROR_CODES: Record<ErrorCode, true> = {
  invalid: true,
  not_authenticated: true,
  invalid_credentials: true,
  verification_required: true,
  subscription_required: true,
  forbidden: true,
  cross_site: true,
  code_required: true,
  not_found: true,
  gone: true,
  conflict: true,
  key_reused: true,
  rate_limited: true,
  busy: true,
  payment_rejected: true,
  provider_unavailable: true,
  too_large: true,
  timeout: true,
  method_not_allowed: true,
  unavailable: true,
  internal: true,
  passkeys_unavailable: true,
};

const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);

export class ApiError extends Error {
  /** HTTP status of the answer. */
  readonly status: number;
  /**
   * The body's machine code, or `null` when it named none the client knows (a proxy's 502
   * or HTML page). Ask `lib/serverErrors`, which falls back on the status.
   */
  readonly code: ErrorCode | null;
  /** The answer's body parsed as JSON when it was JSON, otherwise `null`. */
  readonly data: ApiErrorBody | null;
  /** A 429's or 503's `Retry-After` in seconds, when it sent one as a number. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, text: string, data: ApiErrorBody | null, retryAfterSeconds: number | null = null) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    const code = data?.code;
    this.code = isErrorCode(code) ? code : null;
    this.data = data;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The server's `message` field, when it sent one. */
  get serverMessage(): string | undefined {
    const message = this.data?.message;
    return typeof message === 'string' && message.trim() !== '' ? message : undefined;
  }

  /** Field errors (`errors`) from a 400 answer, when present. */
  get fieldErrors(): Record<string, string> {
    const errors = this.data?.errors;
    if (!errors || typeof errors !== 'object') return {};
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(errors)) {
      if (typeof value === 'string') out[key] = value;
    }
    return out;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when the request never got an answer (server down, offline, aborted). */
export function isNetworkError(error: unknown): boolean {
  return !(error instanceof ApiError) && error instanceof Error;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The {@link ApiError} of a non-OK answer's status and body: for answers read by other means
 * than `fetch` (an upload through XMLHttpRequest, which reports its progress).
 */
export function apiErrorOf(status: number, statusText: string, text: string, retryAfter: string | null = null): ApiError {
  const parsed = parseJson(text);
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter.trim()) : null;
  return new ApiError(status, text !== '' ? text : statusText, isRecord(parsed) ? (parsed as ApiErrorBody) : null, seconds);
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A parsed answer and its headers (e.g. `X-Total-Count` of a paged list). */
export interface ApiAnswer<T> {
  data: T;
  headers: Headers;
  /** The body as received: lets a caller tell an empty answer from one that did not parse. */
  text: string;
}

/** Sends a request and returns the parsed JSON answer (or `undefined` for an empty one) with its headers. */
export async function apiRequestWithHeaders<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (body instanceof Blob) {
    headers['Content-Type'] = 'application/octet-stream';
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (options.signal) init.signal = options.signal;

  const response = await fetch(url, init);
  const text = await response.text();

  if (!response.ok) throw apiErrorOf(response.status, response.statusText, text, response.headers.get('Retry-After'));
  return { data: parseJson(text) as T, headers: response.headers, text };
}

/** Sends a request and returns the parsed JSON answer (or `undefined` for an empty one). */
export async function apiRequest<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  return (await apiRequestWithHeaders<T>(method, url, body, options)).data;
}

/**
 * GETs started before the code that reads them has arrived (`app/preloadRoute.ts`: the page
 * the app opens on asks for its data while its chunks download). The first GET of the same
 * URL takes the answer instead of asking again. A failed one is forgotten at once, so the
 * next GET asks the server afresh; `dropEarlyGets` forgets the rest when the app leaves the
 * page they were started for, so no answer is served long after it was fetched. The taker's
 * options (headers, signal) do not apply to an answer already asked for: start it with them.
 */
const earlyGets = new Map<string, Promise<ApiAnswer<unknown>>>();

/**
 * Starts `GET url` now, for the first `apiGet`/`apiGetWithHeaders` of the same URL. The
 * promise settles (never rejects) once the answer is in.
 */
export function startEarlyGet(url: string, options?: RequestOptions): Promise<void> {
  const started = earlyGets.get(url);
  const answer = started ?? apiRequestWithHeaders<unknown>('GET', url, undefined, options);
  earlyGets.set(url, answer);
  return answer.then(
    () => undefined,
    () => {
      if (earlyGets.get(url) === answer) earlyGets.delete(url);
    },
  );
}

/** Forgets the early GETs nobody took. */
export function dropEarlyGets(): void {
  earlyGets.clear();
}

export function apiGetWithHeaders<T>(url: string, options?: RequestOptions): Promise<ApiAnswer<T>> {
  const early = earlyGets.get(url);
  if (early === undefined) return apiRequestWithHeaders<T>('GET', url, undefined, options);
  earlyGets.delete(url);
  return early as Promise<ApiAnswer<T>>;
}

export const apiGet = async <T>(url: string, options?: RequestOptions): Promise<T> =>
  (await apiGetWithHeaders<T>(url, options)).data;

export const apiPost = <T>(url: string, body?: unknown, options?: RequestOptions): Promise<T> =>
  apiRequest<T>('POST', url, body ?? {}, options);

export const apiPatch = <T>(url: string, body: unknown, options?: RequestOptions): Promise<T> =>
  apiRequest<T>('PATCH', url, body, options);

export const apiDelete = <T>(url: string, options?: RequestOptions): Promise<T> =>
  apiRequest<T>('DELETE', url, undefined, options);

/**
 * The default SWR fetcher: GET the key. Any non-OK answer throws, a 401 included,
 * which the app reads as "not signed in".
 */
export function fetcher<T>(url: string): Promise<T> {
  return apiGet<T>(url);
}
