import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiDelete,
  apiGet,
  apiGetWithHeaders,
  apiPatch,
  apiPost,
  dropEarlyGets,
  fetcher,
  isNetworkError,
  startEarlyGet,
} from './api';
import { isSessionRefused } from './serverErrors';
import { mockFetch, networkDown } from '../testing/fetchMock';

afterEach(() => {
  dropEarlyGets();
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends credentials on every request and JSON bodies on writes', async () => {
    const { calls } = mockFetch({
      'GET /api/x': { body: { ok: 1 } },
      'POST /api/x': { status: 201, body: { id: 7 } },
      'PATCH /api/x': { body: {} },
      'DELETE /api/x': { status: 204 },
    });
    await expect(apiGet('/api/x')).resolves.toEqual({ ok: 1 });
    await expect(apiPost('/api/x', { a: 1 })).resolves.toEqual({ id: 7 });
    await apiPatch('/api/x', { b: null });
    await expect(apiDelete('/api/x')).resolves.toBeUndefined();

    expect(calls.map((c) => c.credentials)).toEqual(['include', 'include', 'include', 'include']);
    expect(calls[0]!.headers['Content-Type']).toBeUndefined();
    expect(calls[1]!.headers['Content-Type']).toBe('application/json');
    expect(calls[1]!.body).toEqual({ a: 1 });
    expect(calls[2]!.body).toEqual({ b: null });
  });

  it('sends a Blob as it is, as application/octet-stream', async () => {
    const { calls } = mockFetch({ 'POST /api/bytes': { body: { ok: true } } });
    const blob = new Blob(['a,b\n1,2\n']);
    await expect(apiPost('/api/bytes', blob)).resolves.toEqual({ ok: true });
    expect(calls[0]!.headers['Content-Type']).toBe('application/octet-stream');
    expect(calls[0]!.body).toBe(blob);
  });

  it("turns a non-OK answer into Error('{status}: {body}') keeping status and parsed body", async () => {
    mockFetch({ 'POST /api/login': { status: 401, body: { message: 'Invalid username or password' } } });
    const error = await apiPost('/api/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe('401: {"message":"Invalid username or password"}');
    expect(apiError.status).toBe(401);
    expect(apiError.serverMessage).toBe('Invalid username or password');
    expect(apiError.data).toEqual({ message: 'Invalid username or password' });
  });

  it('exposes field errors from a 400 answer', async () => {
    mockFetch({
      'POST /api/register': {
        status: 400,
        body: { message: 'Invalid input', errors: { username: 'Username must be at least 3 characters.' } },
      },
    });
    const error = (await apiPost('/api/register', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldErrors).toEqual({ username: 'Username must be at least 3 characters.' });
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch({ 'GET /api/empty': { status: 503, statusText: 'Service Unavailable' } });
    const error = (await apiGet('/api/empty').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
    expect(error.data).toBeNull();
    expect(error.serverMessage).toBeUndefined();
  });

  it('keeps a non-JSON body as text', async () => {
    mockFetch({ 'GET /api/text': { status: 500, body: 'boom' } });
    const error = (await apiGet('/api/text').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('500: boom');
    expect(error.data).toBeNull();
  });

  it('the default SWR fetcher throws on 401 (read as unauthenticated)', async () => {
    mockFetch({ 'GET /api/user': { status: 401, body: { message: 'Not authenticated' } } });
    const error = await fetcher('/api/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(isSessionRefused(error)).toBe(true);
    expect(isNetworkError(error)).toBe(false);
  });

  it('lets network failures through as non-API errors', async () => {
    mockFetch({ 'GET /api/user': networkDown() });
    const error = await fetcher('/api/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(isNetworkError(error)).toBe(true);
    expect(isSessionRefused(error)).toBe(false);
  });
});

describe('early GETs (started before the page that reads them)', () => {
  it('the first GET of the URL takes the early answer; the next one asks again', async () => {
    let n = 0;
    const { calls } = mockFetch({ 'GET /api/x': () => ({ body: { n: (n += 1) } }) });
    void startEarlyGet('/api/x', { headers: { 'Cache-Control': 'no-cache' } });
    void startEarlyGet('/api/x');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['Cache-Control']).toBe('no-cache');
    await expect(apiGet('/api/x')).resolves.toEqual({ n: 1 });
    await expect(apiGetWithHeaders('/api/x')).resolves.toMatchObject({ data: { n: 2 } });
    expect(calls).toHaveLength(2);
  });

  it('a failed early GET is forgotten: the next GET asks the server', async () => {
    let status = 401;
    mockFetch({ 'GET /api/user': () => ({ status, body: { message: 'Not authenticated' } }) });
    await startEarlyGet('/api/user');
    status = 200;
    await expect(apiGet('/api/user')).resolves.toEqual({ message: 'Not authenticated' });
  });

  it('dropEarlyGets forgets answers nobody took', async () => {
    let n = 0;
    const { calls } = mockFetch({ 'GET /api/x': () => ({ body: { n: (n += 1) } }) });
    void startEarlyGet('/api/x');
    dropEarlyGets();
    await expect(apiGet('/api/x')).resolves.toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });
});
