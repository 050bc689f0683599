/**
 * The HTTP contract's types, generated from the server's OpenAPI document: `apiSchema.ts`
 * is made by `npm run api:types` from `openapi.json`, the committed copy of the server's
 * `/api/openapi.json` (a server test fails when the copy is stale; `npm run lint` fails
 * when `apiSchema.ts` is). Write aliases here, not types by hand.
 */
import type { components } from './apiSchema';

export type Schemas = components['schemas'];

/**
 * `T` with the keys `K` always present: the server writes every field of its DTOs (null
 * for none), while the document marks `Option` fields as optional.
 */
export type Sent<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: Exclude<T[P], undefined> };

/** A guided measurement as a saved reading carries it (`ReadingDto.session`). */
export type SessionDto = Schemas['SessionDto'];

/** POST /api/bp-sessions, as the guided measurement sends it (no weight, blood sugar or notes). */
export type BpSessionRequest = Pick<Schemas['SessionRequest'], 'date' | 'time' | 'period' | 'restSkipped' | 'readings'>;
