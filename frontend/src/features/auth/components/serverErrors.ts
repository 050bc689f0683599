import { isApiError } from '../../../lib/api';

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
