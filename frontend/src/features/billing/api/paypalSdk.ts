/**
 * Loads PayPal's JS SDK once per client id and currency. Only the small part of its API
 * this page uses is typed here.
 */

export interface PayPalApproveData {
  orderID: string;
  payerID?: string | null;
  paymentSource?: string | null;
}

export interface PayPalButtonsOptions {
  fundingSource?: string;
  style?: { layout?: 'vertical' | 'horizontal'; shape?: 'rect' | 'pill'; label?: string; height?: number; color?: string };
  createOrder: () => Promise<string>;
  onApprove: (data: PayPalApproveData) => Promise<void>;
  onCancel: () => void;
  onError: (error: unknown) => void;
}

export interface PayPalButtonsInstance {
  isEligible: () => boolean;
  render: (container: HTMLElement) => Promise<void>;
  close: () => Promise<void>;
}

export interface PayPalNamespace {
  Buttons: (options: PayPalButtonsOptions) => PayPalButtonsInstance;
  FUNDING: { PAYPAL: string; CARD: string };
}

declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}

export function paypalSdkUrl(clientId: string, currency: string): string {
  return `https://www.paypal.com/sdk/js?client-id=${encodeURIComponent(clientId)}&currency=${encodeURIComponent(currency)}`;
}

const loads = new Map<string, Promise<PayPalNamespace>>();

export function loadPayPalSdk(clientId: string, currency: string): Promise<PayPalNamespace> {
  const src = paypalSdkUrl(clientId, currency);
  const pending = loads.get(src);
  if (pending) return pending;
  const load = new Promise<PayPalNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.namespace = 'paypal';
    script.addEventListener('load', () => {
      if (window.paypal) resolve(window.paypal);
      else reject(new Error('PayPal SDK loaded without its namespace'));
    });
    script.addEventListener('error', () => reject(new Error('PayPal SDK failed to load')));
    document.head.appendChild(script);
  });
  // A failed load may be retried later (e.g. after the network comes back).
  load.catch(() => loads.delete(src));
  loads.set(src, load);
  return load;
}
