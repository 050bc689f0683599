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

/*
 * Issue 15's guided measurement, in the contract's shape until the server's document
 * carries it; then these become aliases of the generated types.
 */
export type SessionPeriod = 'morning' | 'evening';

/** One reading of a guided measurement (`time` HH:MM). */
export interface SessionReadingDto {
  time: string;
  systolic: number;
  diastolic: number;
  heartRate: number | null;
}

/** A saved reading's guided measurement: its readings, their period and whether the rest was skipped. */
export interface SessionDto {
  period: SessionPeriod;
  restSkipped: boolean;
  readings: SessionReadingDto[];
}

/** POST /api/bp-sessions: 2 or 3 readings; `time` is the first reading's. */
export interface BpSessionRequest {
  date: string;
  time: string;
  period?: SessionPeriod;
  restSkipped: boolean;
  readings: Array<{ time?: string; systolic: number; diastolic: number; heartRate?: number | null }>;
  weight?: number | null;
  bloodSugar?: number | null;
  notes?: string | null;
}
