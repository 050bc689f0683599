import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropEarlyGets } from '../lib/api';
import { firstDayOfLastDays, firstDayOfLastDaysAnywhere } from '../lib/dates';
import { preloadRoute } from './preloadRoute';
import routePreloads from './routePreloads.json';

// The page's own code is not what is tested here: only which GETs start.
vi.mock('./AppRoutes', () => ({ loadDashboard: () => Promise.resolve() }));
vi.mock('./ProtectedRoute', () => ({ loadShell: () => Promise.resolve() }));
vi.mock('../components/chart/loadChart', () => ({ preloadChart: () => Promise.resolve() }));

const DAY_MS = 86_400_000;

/** A GET of routePreloads.json as the server sends it: `{utc-today-N}` is N days before today in UTC. */
const asServerSends = (href: string, now: number): string =>
  href.replace(/\{utc-today-(\d+)\}/, (_, days: string) => new Date(now - Number(days) * DAY_MS).toISOString().slice(0, 10));

function startedGets(pathname: string): string[] {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(new Response('{}')));
  preloadRoute(pathname);
  return fetch.mock.calls.map(([url]) => String(url));
}

describe('preloadRoute', () => {
  afterEach(() => {
    dropEarlyGets();
  });

  it("starts on `/` exactly the GETs the server preloads with the page, so the browser's preloads are taken", () => {
    document.cookie = 'vitalog_auth=1; path=/';
    const now = Date.now();
    const gets = startedGets('/');
    expect(gets.sort()).toEqual(routePreloads['/'].gets.map((href) => asServerSends(href, now)).sort());
  });

  it('starts nothing signed out, or on another page', () => {
    expect(startedGets('/')).toEqual([]);
    document.cookie = 'vitalog_auth=1; path=/';
    expect(startedGets('/history')).toEqual([]);
  });
});

describe('firstDayOfLastDaysAnywhere', () => {
  it('is N days before the UTC date, which covers the last N days in every zone', () => {
    const evening = new Date('2026-03-10T23:30:00Z');
    expect(firstDayOfLastDaysAnywhere(90, evening)).toBe('2025-12-10');
    const morning = new Date('2026-03-10T00:30:00Z');
    expect(firstDayOfLastDaysAnywhere(90, morning)).toBe('2025-12-10');
    // The browser's own first day (any zone the test runs in) is never before it.
    expect(firstDayOfLastDays(90, evening) >= firstDayOfLastDaysAnywhere(90, evening)).toBe(true);
    expect(firstDayOfLastDays(90, morning) >= firstDayOfLastDaysAnywhere(90, morning)).toBe(true);
  });
});
