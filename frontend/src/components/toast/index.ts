export { ToastProvider } from './ToastProvider';
export { useToast, TOAST_DURATION_MS } from './toastContext';
export type { ToastOptions, ToastVariant, ToastAction, ToastApi } from './toastContext';
