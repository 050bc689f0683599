import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { GUIDED_DRAFT_KEY } from '../lib/drafts';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../components/toast';
import { mockFetch } from '../testing/fetchMock';
import { aliceUser, setPresenceCookie } from '../testing/fixtures';
import { LocationProbe } from '../testing/render';
import { AppRoutes } from './AppRoutes';
import { swrConfig } from './swrConfig';

vi.mock('../lib/navigation', () => ({ fullPageNavigate: vi.fn(), submitNativeForm: vi.fn() }));
const navigation = await import('../lib/navigation');

beforeEach(() => {
  vi.mocked(navigation.submitNativeForm).mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderApp(route: string): void {
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <ToastProvider>
        <MemoryRouter initialEntries={[route]}>
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
}

describe('protected routes', () => {
  it('send a visitor without the presence cookie to /auth without asking the server', async () => {
    const { fn } = mockFetch({});
    renderApp('/history');
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/);
    expect(fn).not.toHaveBeenCalled();
  });

  it('show a skeleton while checking, then /auth when GET /api/user answers 401', async () => {
    setPresenceCookie();
    const { calls } = mockFetch({ 'GET /api/user': { status: 401, body: { code: 'not_authenticated', message: 'Not authenticated' } } });
    renderApp('/reports');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/);
    expect(calls[0]!.headers['Cache-Control']).toBe('no-cache');
  });

  it('also treat 403 as unauthenticated', async () => {
    setPresenceCookie();
    mockFetch({ 'GET /api/user': { status: 403, body: { code: 'forbidden', message: 'Forbidden' } } });
    renderApp('/profile');
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
  });

  it.each([
    ['/', 'Dashboard'],
    ['/vitals', 'Record Vitals'],
    ['/history', 'History'],
    ['/medications', 'Medications'],
    ['/reports', 'Reports'],
    ['/profile', 'Profile'],
  ])('render %s inside the shell with the title %s', async (route, title) => {
    setPresenceCookie();
    mockFetch({ 'GET /api/user': { body: aliceUser } });
    renderApp(route);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Vitalog')).toBeInTheDocument();
    expect(within(banner).getByText('Alice Moreau')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Dashboard',
      'Record Vitals',
      'History',
      'Medications',
      'Reports',
      'Profile',
    ]);
    expect(within(nav).getByRole('link', { name: title })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe(`${title} · Vitalog`);
  });

  it('have a keyboard-operable phone menu toggle', async () => {
    setPresenceCookie();
    mockFetch({ 'GET /api/user': { body: aliceUser } });
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const user = userEvent.setup();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Dashboard' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('logout', () => {
  it('submits the native logout form with redirect=/auth', async () => {
    setPresenceCookie();
    mockFetch({ 'GET /api/user': { body: aliceUser } });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    // After the look at the offline queue (empty: no warning).
    await waitFor(() => expect(navigation.submitNativeForm).toHaveBeenCalledWith('/api/logout', { redirect: '/auth' }));
  });

  it('removes a guided measurement in progress from the device', async () => {
    setPresenceCookie();
    mockFetch({ 'GET /api/user': { body: aliceUser } });
    sessionStorage.setItem(GUIDED_DRAFT_KEY, '{"owner":1}');
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(sessionStorage.getItem(GUIDED_DRAFT_KEY)).toBeNull());
  });

  it('shows a toast when the form cannot be submitted', async () => {
    setPresenceCookie();
    mockFetch({ 'GET /api/user': { body: aliceUser } });
    vi.mocked(navigation.submitNativeForm).mockImplementation(() => {
      throw new Error('blocked');
    });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There was a problem logging out. Please try again.');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
  });
});

describe('not found', () => {
  it('shows the 404 card for unknown paths', async () => {
    mockFetch({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('legal pages', () => {
  it.each([
    ['/terms-of-service', 'Terms of Service'],
    ['/privacy-policy', 'Privacy Policy'],
  ])('%s is public, dated and states the age limit', async (route, title) => {
    mockFetch({});
    renderApp(route);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Last updated May 19, 2025')).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent(/18 (years of age )?or older/);
  });

  it('privacy policy names the three cookies and PayPal', async () => {
    mockFetch({});
    renderApp('/privacy-policy');
    const article = await screen.findByRole('article');
    expect(article).toHaveTextContent('exactly three cookies');
    expect(article).toHaveTextContent('A device cookie');
    expect(article).toHaveTextContent('PayPal');
    expect(article).toHaveTextContent(/not sold/);
  });
});
