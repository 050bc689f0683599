import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fetchMock';
import { renderWithProviders } from '../../testing/render';
import ProfilePage from './ProfilePage';
import { pageRoutes, profileUser } from './profileFixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

function personalForm(): HTMLElement {
  return screen.getByRole('form', { name: 'Personal information' });
}

async function renderLoaded(routes = pageRoutes()): Promise<ReturnType<typeof mockFetch>> {
  const mock = mockFetch(routes);
  renderWithProviders(<ProfilePage />, { route: '/profile', path: '/profile' });
  await screen.findByRole('form', { name: 'Personal information' });
  return mock;
}

describe('Personal Information', () => {
  it('shows a skeleton, then the stored values with gender options', async () => {
    mockFetch(pageRoutes());
    renderWithProviders(<ProfilePage />, { route: '/profile', path: '/profile' });
    expect(screen.getByText('Loading personal information…')).toBeInTheDocument();
    await screen.findByRole('form', { name: 'Personal information' });
    const form = personalForm();
    expect(within(form).getByLabelText('First name')).toHaveValue('Alice');
    expect(within(form).getByLabelText('Last name')).toHaveValue('Moreau');
    expect(within(form).getByLabelText('Email')).toHaveValue('alice@example.com');
    expect(within(form).getByLabelText('Date of birth')).toHaveValue('1980-04-02');
    const gender = within(form).getByLabelText('Gender');
    expect(gender).toHaveValue('female');
    expect(within(gender).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual([
      'male',
      'female',
      'other',
      'prefer-not-to-say',
    ]);
  });

  it('defaults the gender to other when none is stored', async () => {
    await renderLoaded(pageRoutes({ 'GET /api/user': { body: { ...profileUser, gender: null, firstName: null } } }));
    expect(within(personalForm()).getByLabelText('Gender')).toHaveValue('other');
    expect(within(personalForm()).getByLabelText('First name')).toHaveValue('');
  });

  it('enables Save only when something changed', async () => {
    await renderLoaded();
    const user = userEvent.setup();
    const save = within(personalForm()).getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    const first = within(personalForm()).getByLabelText('First name');
    await user.type(first, 'x');
    expect(save).toBeEnabled();
    await user.type(first, '{Backspace}');
    expect(save).toBeDisabled();
  });

  it("validates the email with the spec's message and sends nothing", async () => {
    const { calls } = await renderLoaded();
    const user = userEvent.setup();
    const email = within(personalForm()).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(within(personalForm()).getByRole('button', { name: 'Save changes' }));
    expect(await within(personalForm()).findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('rejects a birth date under 18 years', async () => {
    await renderLoaded();
    const user = userEvent.setup();
    const dob = within(personalForm()).getByLabelText('Date of birth');
    await user.clear(dob);
    const year = new Date().getFullYear() - 10;
    await user.type(dob, `${year}-01-01`);
    await user.tab();
    expect(await within(personalForm()).findByText('You must be at least 18 years old to use Vitalog.')).toBeInTheDocument();
  });

  it("says 'Date of birth cannot be in the future.' for a future date (as the server)", async () => {
    await renderLoaded();
    const user = userEvent.setup();
    const dob = within(personalForm()).getByLabelText('Date of birth');
    await user.clear(dob);
    await user.type(dob, `${new Date().getFullYear() + 1}-01-01`);
    await user.tab();
    expect(await within(personalForm()).findByText('Date of birth cannot be in the future.')).toBeInTheDocument();
    expect(within(personalForm()).queryByText(/must be a valid date/)).not.toBeInTheDocument();
  });

  it('saves the five fields, updates the header cache and confirms with a toast', async () => {
    const updated = { ...profileUser, firstName: 'Alicia', dateOfBirth: null, gender: 'prefer-not-to-say' };
    const { calls } = await renderLoaded(
      pageRoutes({
        'PATCH /api/user': { body: { message: 'Profile updated.', user: updated, emailChangePending: null } },
      }),
    );
    const user = userEvent.setup();
    const form = personalForm();
    const first = within(form).getByLabelText('First name');
    await user.clear(first);
    await user.type(first, ' Alicia ');
    await user.clear(within(form).getByLabelText('Date of birth'));
    await user.selectOptions(within(form).getByLabelText('Gender'), 'prefer-not-to-say');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(screen.getByText('Profile updated.')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.url).toBe('/api/user');
    expect(patch?.body).toEqual({
      firstName: 'Alicia',
      lastName: 'Moreau',
      email: 'alice@example.com',
      dateOfBirth: null,
      gender: 'prefer-not-to-say',
    });
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled());
    expect(within(form).getByLabelText('First name')).toHaveValue('Alicia');
  });

  it('explains a pending email change', async () => {
    await renderLoaded(
      pageRoutes({
        'PATCH /api/user': {
          body: {
            message: 'Profile updated. We sent a confirmation link to new@example.com; your email address changes once you open it.',
            user: profileUser,
            emailChangePending: 'new@example.com',
          },
        },
      }),
    );
    const user = userEvent.setup();
    const email = within(personalForm()).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.type(within(personalForm()).getByLabelText('Current password'), 'Vital1ty!Log');
    await user.click(within(personalForm()).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Confirm your new email address')).toBeInTheDocument();
    expect(within(personalForm()).getByLabelText('Email')).toHaveValue('alice@example.com');
    expect(within(personalForm()).queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('asks for the current password only to change the email, and sends nothing without it', async () => {
    const { calls } = await renderLoaded(
      pageRoutes({
        'PATCH /api/user': {
          status: 400,
          body: { message: 'Current password is incorrect', errors: { currentPassword: 'Current password is incorrect' } },
        },
      }),
    );
    const user = userEvent.setup();
    const form = personalForm();
    expect(within(form).queryByLabelText('Current password')).not.toBeInTheDocument();
    const email = within(form).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'new@example.com');
    const password = within(form).getByLabelText('Current password');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Current password is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.type(password, 'Wrong1!pw');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toMatchObject({ email: 'new@example.com', currentPassword: 'Wrong1!pw' });
  });

  it("shows the server's message on failure, on the field too", async () => {
    await renderLoaded(
      pageRoutes({
        'PATCH /api/user': {
          status: 409,
          body: { message: 'An account with that email address already exists.', errors: { email: 'An account with that email address already exists.' } },
        },
      }),
    );
    const user = userEvent.setup();
    const email = within(personalForm()).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.type(within(personalForm()).getByLabelText('Current password'), 'Vital1ty!Log');
    await user.click(within(personalForm()).getByRole('button', { name: 'Save changes' }));
    const alert = await within(personalForm()).findByRole('alert');
    expect(alert).toHaveTextContent('An account with that email address already exists.');
    expect(screen.getByText('Profile not saved')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });
});
