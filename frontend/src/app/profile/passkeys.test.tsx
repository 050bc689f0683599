import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fetchMock';
import { renderWithProviders } from '../../testing/render';
import ProfilePage from './ProfilePage';
import { pageRoutes } from './profileFixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const phone = { id: 7, name: 'Phone', createdAt: '2026-12-01T10:00:00Z', lastUsedAt: '2026-12-02T09:00:00Z' };

/** A browser with the WebAuthn JSON methods, whose authenticator creates `created`. */
function passkeyBrowser(created: unknown = { id: 'abc', response: {} }): { create: ReturnType<typeof vi.fn> } {
  class FakeCredential {
    toJSON(): unknown {
      return created;
    }
  }
  const statics = {
    parseCreationOptionsFromJSON: (o: unknown) => o,
    parseRequestOptionsFromJSON: (o: unknown) => o,
    isConditionalMediationAvailable: () => Promise.resolve(false),
  };
  vi.stubGlobal('PublicKeyCredential', Object.assign(FakeCredential, statics));
  const create = vi.fn(() => Promise.resolve(new FakeCredential()));
  vi.stubGlobal('navigator', { ...navigator, credentials: { create, get: vi.fn() } });
  return { create };
}

function card(): HTMLElement {
  return screen.getByRole('group', { name: 'Passkeys' });
}

describe('Security: passkeys', () => {
  it('is not offered by a browser without WebAuthn JSON support', async () => {
    mockFetch(pageRoutes());
    renderWithProviders(<ProfilePage />, { route: '/profile', path: '/profile' });
    await screen.findByRole('group', { name: "Where you're signed in" });
    expect(screen.queryByRole('group', { name: 'Passkeys' })).not.toBeInTheDocument();
  });

  it('is not offered when the server cannot (an IP-address origin)', async () => {
    passkeyBrowser();
    const { calls } = mockFetch(pageRoutes({ 'GET /api/passkeys/available': { body: { available: false } } }));
    renderWithProviders(<ProfilePage />, { route: '/profile', path: '/profile' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/passkeys/available')).toBe(true));
    await screen.findByRole('group', { name: "Where you're signed in" });
    expect(screen.queryByRole('group', { name: 'Passkeys' })).not.toBeInTheDocument();
  });

  it('lists each passkey and removes one only with the right password', async () => {
    passkeyBrowser();
    let removed = false;
    const { calls } = mockFetch(
      pageRoutes({
        'GET /api/passkeys/available': { body: { available: true } },
        'GET /api/passkeys': () => ({ body: { passkeys: removed ? [] : [phone] } }),
        'POST /api/passkeys/7/remove': (call) => {
          if ((call.body as { password: string }).password !== 'right') {
            return { status: 400, body: { code: 'invalid', message: 'Password is incorrect', errors: { password: 'Password is incorrect' } } };
          }
          removed = true;
          return { status: 204 };
        },
      }),
    );
    renderWithProviders(<ProfilePage />, { route: '/profile', path: '/profile' });
    const row = await within(await screen.findByRole('group', { name: 'Passkeys' })).findByRole('listitem');
    expect(row).toHaveTextContent('Phone');
    expect(row).toHaveTextContent('Added 12/01/2026 · Last used 12/02/2026');

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Remove Phone' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove “Phone”?' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await within(dialog).findByText('Password is incorrect')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'right');
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('“Phone” no longer signs in to your account.')).toBeInTheDocument();
    expect(await within(card()).findByText(/A passkey signs you in/)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/passkeys/7/remove').map((c) => c.body)).toEqual([
      { password: 'wrong' },
      { password: 'right' },
    ]);
  });

  it('adds a passkey through the platform prompt, then asks for its name', async () => {
    const { create } = passkeyBrowser({ id: 'new-credential' });
    const added = { id: 8, name: 'Chrome on Linux', createdAt: '2026-12-02T10:00:00Z', lastUsedAt: null };
    let list: unknown[] = [];
    const { calls } = mockFetch(
      pageRoutes({
        'GET /api/passkeys/available': { body: { available: true } },
        'GET /api/passkeys': () => ({ body: { passkeys: list } }),
        'POST /api/passkeys/register/start': { body: { options: { challenge: 'c' } } },
        'POST /api/passkeys/register/finish': () => {
          list = [added];
          return { status: 201, body: added };
        },
        'PATCH /api/passkeys/8': () => {
          list = [{ ...added, name: 'Laptop' }];
          return { body: { ...added, name: 'Laptop' } };
        },
      }),
    );
    renderWithProviders(<ProfilePage />, { route: '/profile', path: '/profile' });
    const user = userEvent.setup();
    await user.click(await within(await screen.findByRole('group', { name: 'Passkeys' })).findByRole('button', { name: 'Add a passkey' }));
    // The password first: a passkey signs in without it, so a stolen session must not add one.
    const dialog = await screen.findByRole('alertdialog', { name: 'Add a passkey' });
    expect(create).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Password'), 'right');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(calls.find((c) => c.url === '/api/passkeys/register/start')?.body).toEqual({ password: 'right' });
    expect(create).toHaveBeenCalledWith({ publicKey: { challenge: 'c' } });
    const name = await within(card()).findByLabelText('Passkey name');
    expect(name).toHaveValue('Chrome on Linux');
    expect(name).toHaveFocus();
    expect(calls.find((c) => c.url === '/api/passkeys/register/finish')?.body).toEqual({ credential: { id: 'new-credential' } });
    await user.clear(name);
    await user.type(name, 'Laptop');
    await user.click(within(card()).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('It is called “Laptop”.')).toBeInTheDocument();
    expect(await within(card()).findByText('Laptop')).toBeInTheDocument();
  });
});
