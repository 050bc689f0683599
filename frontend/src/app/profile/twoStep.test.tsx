import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fetchMock';
import { renderWithProviders } from '../../testing/render';
import { groupedSecret, recoveryCodesText } from '../../features/profile/api/twoStepApi';
import ProfilePage from './ProfilePage';
import { pageRoutes } from './profileFixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SETUP = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Vitalog:alice?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Vitalog' };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jk${String(i).padStart(2, '0')}`);

function group(): HTMLElement {
  return screen.getByRole('group', { name: 'Two-step verification' });
}

describe('Security: two-step verification', () => {
  it('turns on with the QR code and one code, then shows the recovery codes once', async () => {
    let enabled = false;
    const { calls } = mockFetch(
      pageRoutes({
        'GET /api/user/two-step': () => ({ body: { enabled, recoveryCodesLeft: enabled ? 10 : 0 } }),
        'POST /api/user/two-step/setup': { body: SETUP },
        'POST /api/user/two-step/confirm': (call: { body: unknown }) => {
          if ((call.body as { code: string }).code !== '123456') {
            return { status: 400, body: { code: 'invalid', message: 'x', errors: { code: 'That code did not work.' } } };
          }
          enabled = true;
          return { body: { recoveryCodes: CODES } };
        },
      }),
    );
    renderWithProviders(<ProfilePage />, { route: '/profile', path: '/profile' });
    const user = userEvent.setup();
    await user.click(await within(group()).findByRole('button', { name: 'Turn on' }));
    // The password first: a stolen session must not tie the account to its own app.
    const confirm = await screen.findByRole('alertdialog', { name: 'Turn on two-step verification' });
    await user.type(within(confirm).getByLabelText('Password'), 'right');
    await user.click(within(confirm).getByRole('button', { name: 'Continue' }));
    expect(calls.find((c) => c.url === '/api/user/two-step/setup')?.body).toEqual({ password: 'right' });

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByTestId('two-step-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const field = screen.getByLabelText('2. Enter the 6-digit code the app shows');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');

    // Empty, then wrong: said on the field, nothing turned on.
    await user.click(within(group()).getByRole('button', { name: 'Turn on' }));
    expect(await within(group()).findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    await user.type(field, '000000');
    await user.click(within(group()).getByRole('button', { name: 'Turn on' }));
    expect(await within(group()).findByText('That code did not work.')).toBeInTheDocument();
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, '123456');
    await user.click(within(group()).getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('heading', { name: 'Save your recovery codes' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Download .txt' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/confirm')).map((c) => c.body)).toEqual([{ code: '000000' }, { code: '123456' }]);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await within(group()).findByText(/10 recovery codes are/)).toBeInTheDocument();
  });

  it('asks for the password to turn off, and shows a wrong one on the field', async () => {
    const { calls } = mockFetch(
      pageRoutes({
        'GET /api/user/two-step': { body: { enabled: true, recoveryCodesLeft: 1 } },
        'POST /api/user/two-step/disable': (call: { body: unknown }) =>
          (call.body as { password: string }).password === 'right'
            ? { body: { message: 'Two-step verification is off.' } }
            : { status: 400, body: { code: 'invalid', message: 'x', errors: { password: 'Incorrect password' } } },
      }),
    );
    renderWithProviders(<ProfilePage />, { route: '/profile', path: '/profile' });
    const user = userEvent.setup();
    expect(await within(group()).findByText(/1 recovery code is/)).toBeInTheDocument();
    await user.click(within(group()).getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn off two-step verification?' });
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveFocus();
    await user.type(password, 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Incorrect password')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'right');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.url.endsWith('/disable')).map((c) => c.body)).toEqual([{ password: 'wrong' }, { password: 'right' }]);
  });

  it('groups the secret and writes the codes file', () => {
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    const text = recoveryCodesText(['a', 'b'], 'alice');
    expect(text).toContain('Vitalog recovery codes for alice');
    expect(text.split('\n')).toContain('a');
    expect(text.endsWith('b\n')).toBe(true);
  });
});
