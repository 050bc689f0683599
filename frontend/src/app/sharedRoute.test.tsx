import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../components/toast';
import { mockFetch } from '../testing/fetchMock';
import { setPresenceCookie } from '../testing/fixtures';
import { sharedView } from '../testing/sharedView';
import { AppRoutes } from './AppRoutes';
import { swrConfig } from './swrConfig';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderApp(route: string): void {
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <ToastProvider>
        <MemoryRouter initialEntries={[route]}>
          <AppRoutes />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
}

describe('/s/:token, a record shared with a clinician', () => {
  it('is public, outside the signed-in shell: no account call even for a signed-in browser', async () => {
    setPresenceCookie();
    const { calls } = mockFetch({ 'GET /api/shared/tok_en-1': { body: sharedView } });
    renderApp('/s/tok_en-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Health record of Alice M.' })).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/shared/tok_en-1']);
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    // The brand is not a way into the app.
    expect(screen.queryByRole('link', { name: 'Vitalog' })).toBeNull();
  });

  it('is the page not found without a token', async () => {
    mockFetch({});
    renderApp('/s/');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
  });
});
