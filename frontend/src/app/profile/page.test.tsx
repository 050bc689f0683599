import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fetchMock';
import { renderWithProviders } from '../../testing/render';
import ProfilePage from './ProfilePage';
import { pageRoutes } from './profileFixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

function stubScroll(): ReturnType<typeof vi.fn> {
  const scroll = vi.fn();
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scroll, configurable: true, writable: true });
  return scroll;
}

describe('/profile page', () => {
  it('has the five sections with their hash ids and an in-page nav', async () => {
    mockFetch(pageRoutes());
    renderWithProviders(<ProfilePage />, { route: '/profile', path: '/profile' });
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    for (const [id, name] of [
      ['profile-personal', 'Personal Information'],
      ['profile-subscription', 'Subscription'],
      ['profile-security', 'Security'],
      ['profile-preferences', 'Preferences'],
      ['profile-data', 'Your data'],
    ] as const) {
      const region = screen.getByRole('region', { name });
      expect(region).toHaveAttribute('id', id);
      const nav = screen.getByRole('navigation', { name: 'Profile sections' });
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', `/profile#${id}`);
    }
    await screen.findByRole('form', { name: 'Personal information' });
  });

  it('scrolls to the section named by the hash, and again when a nav link is used', async () => {
    const scroll = stubScroll();
    mockFetch(pageRoutes());
    renderWithProviders(<ProfilePage />, { route: '/profile#profile-subscription', path: '/profile' });
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    expect(scroll.mock.contexts.at(-1)).toBe(document.getElementById('profile-subscription'));

    const nav = screen.getByRole('navigation', { name: 'Profile sections' });
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('link', { name: 'Preferences' }));
    await waitFor(() => expect(scroll.mock.contexts.at(-1)).toBe(document.getElementById('profile-preferences')));
    expect(within(nav).getByRole('link', { name: 'Preferences' })).toHaveAttribute('aria-current', 'location');
  });

  it('ignores hashes that are not sections', async () => {
    const scroll = stubScroll();
    mockFetch(pageRoutes());
    renderWithProviders(<ProfilePage />, { route: '/profile#elsewhere', path: '/profile' });
    await screen.findByRole('form', { name: 'Personal information' });
    expect(scroll).not.toHaveBeenCalled();
  });
});
