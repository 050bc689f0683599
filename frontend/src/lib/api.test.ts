import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiDelete, apiGet, apiPatch, apiPost, fetcher, isNetworkError, isUnauthenticatedError } from './api';
import { mockFetch, networkDown } from '../testing/fetchMock';

afterEach(() => {
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
    expect(isUnauthenticatedError(error)).toBe(true);
    expect(isNetworkError(error)).toBe(false);
  });

  it('lets network failures through as non-API errors', async () => {
    mockFetch({ 'GET /api/user': networkDown() });
    const error = await fetcher('/api/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(isNetworkError(error)).toBe(true);
    expect(isUnauthenticatedError(error)).toBe(false);
  });
});
