import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'react-router-dom';
import { mockFetch, networkDown, type RecordedCall, type MockResponse } from '../../testing/fetchMock';
import { aliceUser } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { DEFAULT_PREFERENCES } from '../../lib/preferences';
import { formatDateTime12 } from '../../lib/dates';
import type { ShareAccessDto, ShareDto } from './api/shares';
import { ShareCard } from './components/share/ShareCard';
import { shareMessages } from './shareSchema';

const LINK = 'https://vitalog.example/s/Qm9vay1zaGFyZS10b2tlbi1vZi00My1jaGFyYWN0ZXJzLXh4';

const share = (over: Partial<ShareDto> = {}): ShareDto => ({
  id: 5,
  label: 'Dr Patel, January visit',
  shownName: 'Alice Moreau',
  periodKind: 'rolling',
  from: null,
  to: null,
  days: 30,
  periodText: 'The last 30 days, as of the day it is opened',
  includeHeartRate: true,
  includeWeight: false,
  includeBloodSugar: false,
  includeNotes: true,
  includeMedications: false,
  hasAccessCode: false,
  createdAt: '2026-11-20T09:00:00Z',
  expiresAt: '2026-11-27T09:00:00Z',
  revokedAt: null,
  status: 'active',
  opened: 2,
  lastOpenedAt: '2026-11-21T15:30:00Z',
  emailedTo: null,
  ...over,
});

const active = share();
const expired = share({
  id: 4,
  label: 'Cardiology, October',
  status: 'expired',
  expiresAt: '2026-11-01T08:00:00Z',
  opened: 1,
  lastOpenedAt: '2026-10-30T08:00:00Z',
});
const stopped = share({ id: 3, label: 'Nurse visit', status: 'revoked', revokedAt: '2026-10-15T12:00:00Z', opened: 0, lastOpenedAt: null });

type RouteAnswer = MockResponse | Error | ((call: RecordedCall) => MockResponse | Error);

function renderCard(routes: Record<string, RouteAnswer> = {}, list: ShareDto[] = [active, expired, stopped]): ReturnType<typeof mockFetch> {
  const mock = mockFetch({
    'GET /api/user': { body: aliceUser },
    'GET /api/user/preferences': { body: { ...DEFAULT_PREFERENCES, timeZone: 'UTC' } },
    'GET /api/shares': { body: list },
    ...routes,
  });
  renderWithProviders(<ShareCard />, {
    route: '/reports',
    path: '/reports',
    extraRoutes: <Route path="/profile" element={<p>profile page</p>} />,
  });
  return mock;
}

/** Holds back the answers to one "METHOD /path" until the returned function is called. */
function holdRequest(key: string): () => void {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const routed = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (`${(init?.method ?? 'GET').toUpperCase()} ${String(input)}` === key) await gate;
    return routed(input, init);
  });
  return release;
}

const when = (iso: string): string => formatDateTime12(Date.parse(iso));
const posts = (calls: RecordedCall[]): RecordedCall[] => calls.filter((c) => c.method === 'POST');
const item = (label: string): HTMLElement => screen.getByRole('heading', { name: label }).closest('li') as HTMLElement;

async function openForm(): Promise<{ user: ReturnType<typeof userEvent.setup>; form: HTMLElement }> {
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: active.label });
  await user.click(screen.getByRole('button', { name: 'New share' }));
  const form = screen.getByRole('form', { name: 'New share' });
  await waitFor(() => expect(within(form).getByLabelText('Name your clinician sees')).toHaveValue('Alice Moreau'));
  return { user, form };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the new share form', () => {
  it('starts on the last 30 days kept up to date, blood pressure always, a 7-day link', async () => {
    renderCard();
    const { form } = await openForm();
    expect(within(form).getByLabelText('Label')).toHaveFocus();
    expect(within(form).getByRole('radio', { name: 'The last 30 days' })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Keep it up to date' })).toBeChecked();
    const bp = within(form).getByRole('checkbox', { name: 'Blood pressure (always)' });
    expect(bp).toBeChecked();
    expect(bp).toBeDisabled();
    expect(within(form).getByRole('checkbox', { name: 'Heart rate' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Weight' })).not.toBeChecked();
    expect(within(form).getByRole('radio', { name: '7 days' })).toBeChecked();
    expect(within(form).getByRole('group', { name: 'Link works for' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Access code (optional)')).toHaveValue('');
    expect(within(form).getByLabelText('Email the link to (optional)')).toHaveValue('');
  });

  it("checks every field with the server's words before sending anything", async () => {
    const { calls } = renderCard();
    const { user, form } = await openForm();
    await user.clear(within(form).getByLabelText('Name your clinician sees'));
    await user.click(within(form).getByRole('radio', { name: 'Since a date' }));
    const from = within(form).getByLabelText('First day');
    expect(from).toHaveValue('2026-11-22');
    await user.clear(from);
    await user.type(from, '2026-11-23');
    await user.type(within(form).getByLabelText('Access code (optional)'), '12345');
    await user.type(within(form).getByLabelText('Email the link to (optional)'), 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    expect(await within(form).findByText(shareMessages.labelRequired)).toBeInTheDocument();
    expect(within(form).getByText(shareMessages.shownNameRequired)).toBeInTheDocument();
    expect(within(form).getByText(shareMessages.fromFuture)).toBeInTheDocument();
    expect(within(form).getByText(shareMessages.codeShort)).toBeInTheDocument();
    expect(within(form).getByText(shareMessages.email)).toBeInTheDocument();
    expect(within(form).getByLabelText('Label')).toHaveFocus();

    await user.clear(from);
    await user.type(from, '2016-01-01');
    await user.clear(within(form).getByLabelText('Access code (optional)'));
    await user.type(within(form).getByLabelText('Access code (optional)'), 'open sesame');
    expect(await within(form).findByText(shareMessages.fromTooEarly)).toBeInTheDocument();
    expect(within(form).getByText(shareMessages.codeChars)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('sends the last 30 days rolling, the defaults and no empty options', async () => {
    const { calls } = renderCard({ 'POST /api/shares': { status: 201, body: { share: share({ id: 8 }), link: LINK } } });
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('Label'), '  Dr Patel, January visit ');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    await screen.findByRole('heading', { name: 'Your link is ready' });
    expect(posts(calls).map((c) => [c.url, c.body])).toEqual([
      [
        '/api/shares',
        {
          label: 'Dr Patel, January visit',
          shownName: 'Alice Moreau',
          periodKind: 'rolling',
          days: 30,
          includeHeartRate: true,
          includeWeight: false,
          includeBloodSugar: false,
          includeNotes: false,
          includeMedications: false,
          lifetimeDays: 7,
        },
      ],
    ]);
  });

  it('sends fixed days, a date, the includes, the lifetime, an access code and an email as chosen', async () => {
    const { calls } = renderCard({ 'POST /api/shares': { status: 201, body: { share: share({ id: 8 }), link: LINK } } });
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('Label'), 'Cardiology');
    await user.clear(within(form).getByLabelText('Name your clinician sees'));
    await user.type(within(form).getByLabelText('Name your clinician sees'), 'A. Moreau');
    await user.click(within(form).getByRole('radio', { name: 'The last 90 days' }));
    await user.click(within(form).getByRole('switch', { name: 'Keep it up to date' }));
    expect(within(form).getByText('Shows 08/25/2026 – 11/22/2026, whenever it is opened.')).toBeInTheDocument();
    for (const name of ['Heart rate', 'Weight', 'Blood sugar', 'Notes', 'Medications']) {
      await user.click(within(form).getByRole('checkbox', { name }));
    }
    await user.click(within(form).getByRole('radio', { name: '30 days' }));
    await user.type(within(form).getByLabelText('Access code (optional)'), 'tulip-42');
    await user.type(within(form).getByLabelText('Email the link to (optional)'), ' dr.patel@clinic.example ');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    await screen.findByRole('heading', { name: 'Your link is ready' });
    expect(posts(calls)[0]?.body).toEqual({
      label: 'Cardiology',
      shownName: 'A. Moreau',
      periodKind: 'fixed',
      days: 90,
      includeHeartRate: false,
      includeWeight: true,
      includeBloodSugar: true,
      includeNotes: true,
      includeMedications: true,
      lifetimeDays: 30,
      accessCode: 'tulip-42',
      email: 'dr.patel@clinic.example',
    });
  });

  it('sends a "since" share with its first day', async () => {
    const { calls } = renderCard({ 'POST /api/shares': { status: 201, body: { share: share({ id: 8 }), link: LINK } } });
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('Label'), 'Since the new pills');
    await user.click(within(form).getByRole('radio', { name: 'Since a date' }));
    await user.clear(within(form).getByLabelText('First day'));
    await user.type(within(form).getByLabelText('First day'), '2026-09-01');
    await user.click(within(form).getByRole('radio', { name: '1 day' }));
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    await screen.findByRole('heading', { name: 'Your link is ready' });
    expect(posts(calls)[0]?.body).toMatchObject({ periodKind: 'since', from: '2026-09-01', lifetimeDays: 1 });
    expect(posts(calls)[0]?.body).not.toHaveProperty('days');
  });

  it("puts the server's field errors under their fields", async () => {
    renderCard({
      'POST /api/shares': {
        status: 400,
        body: {
          message: 'Please correct the highlighted fields',
          errors: {
            label: 'Remove the invisible control characters',
            email: 'Please enter a valid email address',
            days: 'Choose 30, 90 or 365 days',
            lifetimeDays: 'Choose how long the link works: 1, 7, 30 or 90 days',
          },
        },
      },
    });
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('Label'), 'Dr Patel');
    await user.type(within(form).getByLabelText('Email the link to (optional)'), 'dr@clinic.example');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(within(form).getByLabelText('Label')).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByLabelText('Label')).toHaveAccessibleDescription(/Remove the invisible control characters/);
    expect(within(form).getByLabelText('Email the link to (optional)')).toHaveAccessibleDescription(
      /Please enter a valid email address/,
    );
    expect(within(form).getByRole('group', { name: 'Period' })).toHaveAccessibleDescription('Choose 30, 90 or 365 days');
    expect(within(form).getByRole('group', { name: 'Link works for' })).toHaveAccessibleDescription(
      'Choose how long the link works: 1, 7, 30 or 90 days',
    );
    expect(within(form).getByRole('alert')).toHaveTextContent('Please correct the highlighted fields');
  });

  it('says a subscription is needed to email the link (403), with Subscribe Now', async () => {
    const needed = 'Emailing a share needs an active subscription.';
    renderCard({
      'POST /api/shares': { status: 403, body: { code: 'subscription_required', message: needed } },
      'GET /api/user/subscription': { body: { isActive: false, expiresAt: null, cancelledAt: null } },
    });
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('Label'), 'Dr Patel');
    await user.type(within(form).getByLabelText('Email the link to (optional)'), 'dr@clinic.example');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Subscription Required');
    expect(alert).toHaveTextContent(needed);
    await user.click(within(alert).getByRole('link', { name: 'Subscribe Now' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });

  it.each([
    [409, 'You have 20 active shares, the most allowed. Stop one you no longer need to make another.'],
    [429, 'This address has received 5 links today, the most allowed. Please try again tomorrow.'],
  ])("shows the server's message as sent when it refuses (%i)", async (status, message) => {
    renderCard({ 'POST /api/shares': { status, body: { message } } });
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('Label'), 'Dr Patel');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(within(form).getByRole('button', { name: 'Create link' })).toBeEnabled();
  });

  it('shows progress while creating, and Cancel gives focus back to New share', async () => {
    renderCard({ 'POST /api/shares': { status: 201, body: { share: share({ id: 8 }), link: LINK } } });
    const release = holdRequest('POST /api/shares');
    const { user, form } = await openForm();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New share' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New share' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'New share' }));
    const again = screen.getByRole('form', { name: 'New share' });
    await user.type(within(again).getByLabelText('Label'), 'Dr Patel');
    await user.click(within(again).getByRole('button', { name: 'Create link' }));
    expect(await within(again).findByRole('button', { name: 'Creating...' })).toBeDisabled();
    expect(again).toHaveAttribute('aria-busy', 'true');
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Your link is ready' })).toBeInTheDocument();
  });
});

describe('the new link', () => {
  async function create(emailedTo: string | null = null): Promise<ReturnType<typeof userEvent.setup>> {
    const made = share({ id: 8, label: 'Dr Patel', opened: 0, lastOpenedAt: null, emailedTo, hasAccessCode: true });
    renderCard({ 'POST /api/shares': { status: 201, body: { share: made, link: LINK } } });
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('Label'), 'Dr Patel');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    await screen.findByRole('heading', { name: 'Your link is ready' });
    return user;
  }

  it('takes focus, shows the link once with its QR code, and lists the new share first', async () => {
    await create('dr@clinic.example');
    expect(screen.getByRole('heading', { name: 'Your link is ready' })).toHaveFocus();
    expect(screen.getByLabelText('Link')).toHaveValue(LINK);
    expect(screen.getByLabelText('Link')).toHaveAttribute('readonly');
    const qr = screen.getByRole('img', { name: 'QR code of the link' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(screen.getByText('This link is shown only now. Keep it, or make a new share later.')).toBeInTheDocument();
    expect(screen.getByText('It is on its way to dr@clinic.example.')).toBeInTheDocument();
    expect(screen.getByText(/Tell your clinician the access code yourself/)).toBeInTheDocument();
    expect(screen.getByText('The link is on its way to dr@clinic.example.')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Your shares' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Dr Patel');
    expect(items[0]).toHaveTextContent('Not opened yet');
  });

  it('copies the link and says so; Done gives focus back to New share', async () => {
    const user = await create();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(LINK);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Link')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New share' })).toHaveFocus();
  });

  it('selects the link to copy by hand without a clipboard', async () => {
    const user = await create();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link selected')).toBeInTheDocument();
    const field = screen.getByLabelText<HTMLInputElement>('Link');
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, LINK.length]);
  });
});

describe('the shares', () => {
  it('shows a skeleton, then each share with its status, expiry and how often it was opened', async () => {
    mockFetch({ 'GET /api/shares': { body: [active, expired, stopped] } });
    const release = holdRequest('GET /api/shares');
    renderWithProviders(<ShareCard />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your shares…');
    await act(async () => release());
    const first = item(active.label);
    expect(first).toHaveTextContent('Active');
    expect(first).toHaveTextContent(`Expires${when(active.expiresAt)}`);
    expect(first).toHaveTextContent('The last 30 days, as of the day it is opened');
    expect(first).toHaveTextContent('Blood pressure, heart rate and notes');
    expect(first).toHaveTextContent('Opened 2 times');
    expect(first).toHaveTextContent(`Last opened ${when(active.lastOpenedAt!)}`);
    expect(within(first).getByRole('button', { name: 'Stop sharing' })).toHaveAccessibleDescription(active.label);
    expect(within(first).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    const second = item(expired.label);
    expect(second).toHaveTextContent('Expired');
    expect(second).toHaveTextContent(when(expired.expiresAt));
    expect(second).toHaveTextContent('Opened 1 time');
    expect(within(second).queryByRole('button', { name: 'Stop sharing' })).not.toBeInTheDocument();

    const third = item(stopped.label);
    expect(third).toHaveTextContent(`Stopped${when(stopped.revokedAt!)}`);
    expect(third).toHaveTextContent('Not opened yet');
    expect(within(third).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('says what a share is when there is none, and offers a retry when the list fails', async () => {
    let fail = true;
    mockFetch({ 'GET /api/shares': () => (fail ? { status: 500, body: '' } : { body: [] }) });
    renderWithProviders(<ShareCard />);
    expect(await screen.findByText("We couldn't load your shares.")).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No shares yet/)).toBeInTheDocument();
  });

  it('stops sharing after a confirmation, and the share then reads Stopped', async () => {
    const { calls } = renderCard({
      'POST /api/shares/5/revoke': { body: { ...active, status: 'revoked', revokedAt: '2026-11-22T10:00:00Z' } },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: active.label });
    const opener = within(item(active.label)).getByRole('button', { name: 'Stop sharing' });
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Stop sharing' });
    expect(dialog).toHaveTextContent(`The link of “${active.label}” stops working at once`);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(posts(calls)).toHaveLength(0);

    await user.click(opener);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Stop sharing' }));
    expect(await screen.findByText('Sharing stopped')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const now = item(active.label);
    expect(now).toHaveTextContent('Stopped');
    expect(within(now).queryByRole('button', { name: 'Stop sharing' })).not.toBeInTheDocument();
    expect(within(now).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(posts(calls).map((c) => c.url)).toEqual(['/api/shares/5/revoke']);
  });

  it('keeps the share and explains when stopping fails', async () => {
    renderCard({ 'POST /api/shares/5/revoke': networkDown() });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: active.label });
    await user.click(within(item(active.label)).getByRole('button', { name: 'Stop sharing' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Stop sharing' }));
    expect(await screen.findByText(shareMessages.stopFailed)).toBeInTheDocument();
    expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
    expect(item(active.label)).toHaveTextContent('Active');
  });

  it('deletes an ended share after a confirmation', async () => {
    const { calls } = renderCard({ 'DELETE /api/shares/3': { body: { message: 'Share deleted' } } });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: stopped.label });
    await user.click(within(item(stopped.label)).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete this share?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Share deleted')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: stopped.label })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New share' })).toHaveFocus();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/shares/3']);
  });
});

describe('who opened it', () => {
  const log: ShareAccessDto[] = [
    { at: '2026-11-21T15:30:00Z', kind: 'pdf', browser: 'Safari on iPhone' },
    { at: '2026-11-21T15:28:00Z', kind: 'view', browser: 'Chrome on Android' },
  ];

  it('loads the log when opened: what was done, when, and the browser', async () => {
    const { calls } = renderCard({ 'GET /api/shares/5/accesses': { body: log } });
    const release = holdRequest('GET /api/shares/5/accesses');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: active.label });
    const toggle = within(item(active.label)).getByRole('button', { name: 'Who opened it' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(calls.some((c) => c.url.endsWith('/accesses'))).toBe(false);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(item(active.label)).getByRole('status')).toHaveTextContent('Loading who opened it…');
    await act(async () => release());
    const rows = within(await screen.findByRole('list', { name: `Who opened ${active.label}` })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(`Downloaded the PDF${when(log[0]!.at)}Safari on iPhone`);
    expect(rows[1]).toHaveTextContent(`Viewed${when(log[1]!.at)}Chrome on Android`);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: `Who opened ${active.label}` })).not.toBeInTheDocument();
  });

  it('says "Not opened yet" when nobody opened it', async () => {
    renderCard({ 'GET /api/shares/3/accesses': { body: [] } });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: stopped.label });
    const toggle = within(item(stopped.label)).getByRole('button', { name: 'Who opened it' });
    await user.click(toggle);
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(await within(panel).findByText('Not opened yet')).toBeInTheDocument();
  });
});
