import { createContext, useContext, type ReactNode } from 'react';

/** How long a toast stays on screen. */
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ToastAction;
  /** Milliseconds before it closes by itself; defaults to 5000. */
  duration?: number;
}

export interface ToastRecord extends ToastOptions {
  id: number;
  /** The controls the toast must not cover (what the user just used; see `anchorsOf`). */
  anchors: readonly Element[];
}

export interface ToastApi {
  /** Shows a toast, replacing the one on screen (one at a time). Returns its id. */
  toast: (options: ToastOptions) => number;
  /** Closes the toast (the given one, or whichever is shown). */
  dismiss: (id?: number) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
