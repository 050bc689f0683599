import { StrictMode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, networkDown } from '../../testing/fetchMock';
import { renderWithProviders } from '../../testing/render';
import type { PayPalButtonsOptions, PayPalNamespace } from '../../features/billing/api/paypalSdk';
import ProfilePage from './ProfilePage';
import { formatInstantDate as formatDate } from '../../lib/dates';
import { PAYMENT_MESSAGES, PENDING_PAYMENT_MAX_MS, forgetPendingPayment, hasPendingPayment, rememberPendingPayment } from '../../features/billing/payment';
import { activeSubscription, inactiveSubscription, pageRoutes, paypalModeConfig } from './profileFixtures';

vi.mock('../../features/billing/api/paypalSdk', () => ({ loadPayPalSdk: vi.fn(), paypalSdkUrl: vi.fn() }));
const sdk = await import('../../features/billing/api/paypalSdk');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

beforeEach(() => {
  vi.mocked(sdk.loadPayPalSdk).mockReset();
});

function section(): HTMLElement {
  return document.getElementById('profile-subscription')!;
}

function renderPage(routes: Parameters<typeof mockFetch>[0], route = '/profile', strict = false): ReturnType<typeof mockFetch> {
  const mock = mockFetch(routes);
  renderWithProviders(
    strict ? (
      <StrictMode>
        <ProfilePage />
      </StrictMode>
    ) : (
      <ProfilePage />
    ),
    { route, path: '/profile' },
  );
  return mock;
}

const expiresLabel = formatDate(activeSubscription.expiresAt)!;

describe('Subscription summary', () => {
  it('shows a skeleton, then plan, status and N/A when never subscribed', async () => {
    renderPage(pageRoutes());
    expect(within(section()).getByText('Loading subscription…')).toBeInTheDocument();
    const summary = await within(section()).findByTestId('subscription-summary');
    expect(summary).toHaveTextContent('Annual');
    expect(summary).toHaveTextContent('5 USD per year');
    expect(summary).toHaveTextContent('Inactive');
    expect(within(section()).getByTestId('subscription-active-until')).toHaveTextContent('N/A');
    expect(within(section()).getByRole('heading', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('shows the active-until date when active', async () => {
    renderPage(pageRoutes({ 'GET /api/user/subscription': { body: activeSubscription } }));
    expect(await within(section()).findByTestId('subscription-active-until')).toHaveTextContent(expiresLabel);
    expect(within(section()).getByText('Active')).toBeInTheDocument();
    expect(within(section()).getByRole('heading', { name: 'Renew early' })).toBeInTheDocument();
  });
});

describe('Test-mode payment', () => {
  it('creates the order, activates it, confirms, and refetches the subscription 1 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let subscription = inactiveSubscription;
    const { calls } = renderPage(
      pageRoutes({
        'GET /api/user/subscription': () => ({ body: subscription }),
        'POST /api/subscription/orders': { status: 201, body: { id: 'TEST-ORDER-1' } },
        'POST /api/subscription/activate': () => {
          subscription = activeSubscription;
          return { body: activeSubscription };
        },
      }),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    expect(await within(section()).findByText('Test mode — no money moves')).toBeInTheDocument();
    await user.click(within(section()).getByRole('button', { name: 'Pay 5 USD (test payment)' }));

    expect(await screen.findByText('Subscription activated')).toBeInTheDocument();
    expect(within(section()).getByTestId('subscription-active-until')).toHaveTextContent(expiresLabel);
    const activation = calls.find((c) => c.url === '/api/subscription/activate');
    expect(activation?.body).toMatchObject({ paymentMethod: 'paypal', amount: '5.00', transactionId: 'TEST-ORDER-1' });
    const order = calls.findIndex((c) => c.url === '/api/subscription/orders');
    expect(order).toBeGreaterThanOrEqual(0);
    expect(order).toBeLessThan(calls.indexOf(activation!));

    const gets = (): number => calls.filter((c) => c.method === 'GET' && c.url === '/api/user/subscription').length;
    expect(gets()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(900);
    });
    expect(gets()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(150);
    });
    await waitFor(() => expect(gets()).toBe(2));
  });

  it.each([
    ['PayPal unavailable (502)', 502, PAYMENT_MESSAGES.paypal],
    ['payment refused (402)', 402, PAYMENT_MESSAGES.processing],
    ['captured but not recorded (500)', 500, PAYMENT_MESSAGES.processedNotActivated],
  ])('explains an activation failure: %s', async (_name, status, message) => {
    renderPage(
      pageRoutes({
        'POST /api/subscription/orders': { status: 201, body: { id: 'TEST-ORDER-2' } },
        'POST /api/subscription/activate': { status, body: { message: 'server says no' } },
      }),
    );
    const user = userEvent.setup();
    await user.click(await within(section()).findByRole('button', { name: 'Pay 5 USD (test payment)' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(message);
    const toast = screen.getByRole('region', { name: 'Notifications' });
    expect(within(toast).getByRole('alert')).toHaveTextContent('Subscription activation failed');
    expect(within(toast).getByRole('alert')).toHaveTextContent(message);
    expect(within(toast).getByRole('alert')).toHaveClass('toast-destructive');
    expect(within(section()).getByTestId('subscription-active-until')).toHaveTextContent('N/A');
  });

  it('offers to repeat the activation after a 500 (repeating is safe) and succeeds', async () => {
    let attempts = 0;
    const { calls } = renderPage(
      pageRoutes({
        'POST /api/subscription/orders': { status: 201, body: { id: 'TEST-ORDER-3' } },
        'POST /api/subscription/activate': () => {
          attempts += 1;
          return attempts === 1 ? { status: 500, body: { message: 'not recorded' } } : { body: activeSubscription };
        },
      }),
    );
    const user = userEvent.setup();
    await user.click(await within(section()).findByRole('button', { name: 'Pay 5 USD (test payment)' }));
    await user.click(await within(section()).findByRole('button', { name: 'Try activating again' }));
    expect(await screen.findByText('Subscription activated')).toBeInTheDocument();
    const activations = calls.filter((c) => c.url === '/api/subscription/activate');
    expect(activations).toHaveLength(2);
    expect(activations[1]!.body).toMatchObject({ transactionId: 'TEST-ORDER-3' });
    expect(calls.filter((c) => c.url === '/api/subscription/orders')).toHaveLength(1);
  });

  it.each([
    ['PayPal unavailable (502)', { status: 502, body: { message: 'down' } }, PAYMENT_MESSAGES.paypal],
    ['a network failure', networkDown(), PAYMENT_MESSAGES.processing],
  ])('explains an order failure: %s, and never activates', async (_name, answer, message) => {
    const { calls } = renderPage(pageRoutes({ 'POST /api/subscription/orders': answer }));
    const user = userEvent.setup();
    await user.click(await within(section()).findByRole('button', { name: 'Pay 5 USD (test payment)' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(message);
    expect(calls.some((c) => c.url === '/api/subscription/activate')).toBe(false);
  });
});

describe('PayPal mode', () => {
  function fakePayPal(): { sdk: PayPalNamespace; buttons: PayPalButtonsOptions[] } {
    const buttons: PayPalButtonsOptions[] = [];
    return {
      buttons,
      sdk: {
        FUNDING: { PAYPAL: 'paypal', CARD: 'card' },
        Buttons: (options) => {
          buttons.push(options);
          return {
            isEligible: () => true,
            render: async (container) => {
              container.textContent = `${options.fundingSource ?? ''} button`;
            },
            close: async () => undefined,
          };
        },
      },
    };
  }

  it('loads the SDK with the client id and renders PayPal and card buttons wired to our server', async () => {
    const fake = fakePayPal();
    vi.mocked(sdk.loadPayPalSdk).mockResolvedValue(fake.sdk);
    const { calls } = renderPage(
      pageRoutes({
        'GET /api/subscription/config': { body: paypalModeConfig },
        'POST /api/subscription/orders': { status: 201, body: { id: 'PAYPAL-ORDER-9' } },
        'POST /api/subscription/activate': { body: activeSubscription },
      }),
    );
    await waitFor(() => expect(fake.buttons).toHaveLength(2));
    expect(sdk.loadPayPalSdk).toHaveBeenCalledWith('client-123', 'USD');
    expect(within(section()).getByTestId('paypal-button')).toHaveTextContent('paypal button');
    expect(within(section()).getByTestId('card-button')).toHaveTextContent('card button');
    expect(within(section()).queryByText('Test mode — no money moves')).not.toBeInTheDocument();

    const card = fake.buttons.find((b) => b.fundingSource === 'card')!;
    let orderId = '';
    await act(async () => {
      orderId = await card.createOrder();
    });
    expect(orderId).toBe('PAYPAL-ORDER-9');
    await act(async () => {
      await card.onApprove({ orderID: orderId, payerID: 'PAYER1' });
    });
    expect(calls.find((c) => c.url === '/api/subscription/activate')?.body).toMatchObject({
      paymentMethod: 'credit_card',
      amount: '5.00',
      transactionId: 'PAYPAL-ORDER-9',
    });
    expect(await screen.findByText('Subscription activated')).toBeInTheDocument();
  });

  it('says the payment was cancelled, and reports PayPal errors', async () => {
    const fake = fakePayPal();
    vi.mocked(sdk.loadPayPalSdk).mockResolvedValue(fake.sdk);
    renderPage(pageRoutes({ 'GET /api/subscription/config': { body: paypalModeConfig } }));
    await waitFor(() => expect(fake.buttons).toHaveLength(2));
    act(() => fake.buttons[0]!.onCancel());
    expect(await within(section()).findByText(PAYMENT_MESSAGES.cancelled)).toBeInTheDocument();
    act(() => fake.buttons[0]!.onError(new Error('popup closed by script')));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.paypal);
  });

  it('reports a PayPal error when the SDK cannot load', async () => {
    vi.mocked(sdk.loadPayPalSdk).mockRejectedValue(new Error('blocked'));
    renderPage(pageRoutes({ 'GET /api/subscription/config': { body: paypalModeConfig } }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.paypal);
  });
});

describe('Return with ?payment=success', () => {
  // The tab started a payment before leaving for PayPal.
  beforeEach(() => rememberPendingPayment('RETURNED-ORDER'));
  afterEach(() => forgetPendingPayment());

  it('activates a returned order even when this tab remembers no payment (PayPal may hand back to a new tab)', async () => {
    forgetPendingPayment();
    const { calls } = renderPage(
      pageRoutes({ 'POST /api/subscription/activate': { body: activeSubscription } }),
      '/profile?payment=success&token=RETURNED-ORDER',
    );
    expect(await screen.findByText('Subscription activated')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/subscription/activate')).toHaveLength(1);
  });

  it('says nothing to a user whose tab started no payment (issue 14.8)', async () => {
    forgetPendingPayment();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = renderPage(pageRoutes(), '/profile?payment=success');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/profile$/);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(calls.some((c) => c.url === '/api/subscription/activate')).toBe(false);
    expect(within(section()).queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Subscription activation failed')).toBeNull();
    expect(screen.queryByText(PAYMENT_MESSAGES.processedNotActivated)).toBeNull();
  });

  it('forgets a pending payment after three hours', () => {
    rememberPendingPayment('O1', 0);
    expect(hasPendingPayment(PENDING_PAYMENT_MAX_MS - 1)).toBe(true);
    expect(hasPendingPayment(PENDING_PAYMENT_MAX_MS)).toBe(false);
  });

  it('activates the returned order and tidies the URL', async () => {
    const { calls } = renderPage(
      pageRoutes({ 'POST /api/subscription/activate': { body: activeSubscription } }),
      '/profile?payment=success&token=RETURNED-ORDER&PayerID=P1',
    );
    expect(await screen.findByText('Subscription activated')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/subscription/activate')?.body).toMatchObject({
      paymentMethod: 'paypal',
      transactionId: 'RETURNED-ORDER',
    });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/);
  });

  it('activates only once under StrictMode', async () => {
    const { calls } = renderPage(
      pageRoutes({ 'POST /api/subscription/activate': { body: activeSubscription } }),
      '/profile?payment=success&token=RETURNED-ORDER',
      true,
    );
    expect(await screen.findByText('Subscription activated')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/subscription/activate')).toHaveLength(1);
  });

  it('without an order id, refetches after 1 s and confirms the active subscription (also under StrictMode)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let subscription = inactiveSubscription;
    const { calls } = renderPage(
      pageRoutes({ 'GET /api/user/subscription': () => ({ body: subscription }) }),
      '/profile?payment=success',
      true,
    );
    expect(await within(section()).findByText('Confirming your payment…')).toBeInTheDocument();
    subscription = activeSubscription;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(await screen.findByText('Subscription activated')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/user/subscription')).toHaveLength(2);
  });

  it('without an order id and still inactive, says the payment could not be activated', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage(pageRoutes(), '/profile?payment=success');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(await within(section()).findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.processedNotActivated);
    expect(screen.getByText('Subscription activation failed')).toBeInTheDocument();
  });
});
