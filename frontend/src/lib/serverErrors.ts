import { isApiError } from './api';

/** Keeps only the server's field errors that match fields of this form. */
export function pickFieldErrors<K extends string>(error: unknown, fields: readonly K[]): Partial<Record<K, string>> {
  if (!isApiError(error)) return {};
  const all = error.fieldErrors;
  const out: Partial<Record<K, string>> = {};
  for (const field of fields) {
    const message = all[field];
    if (message) out[field] = message;
  }
  return out;
}

/** The server's own message for a failed request, else this form's fallback. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return (isApiError(error) ? error.serverMessage : undefined) ?? fallback;
}
