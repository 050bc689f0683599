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
 * Issue 15's DTOs, written in the shape of the agreed contract until `openapi.json` carries
 * them; then these become aliases of `Schemas[...]` like the rest.
 */

/** Morning or evening: a guided measurement's period and a home week's slot. */
export type Period = 'morning' | 'evening';

/** One reading of a guided measurement. */
export interface SessionReadingDto {
  time: string;
  systolic: number;
  diastolic: number;
  heartRate: number | null;
}

/** The guided measurement a reading averages (`ReadingDto.session`). */
export interface SessionDto {
  period: Period;
  restSkipped: boolean;
  readings: SessionReadingDto[];
}

/** An average of a home week's blood pressure readings. */
export interface HomeWeekAverageDto {
  systolic: number;
  diastolic: number;
  count: number;
}

/** The level of a home average (rules.json `homeWeek.levels`, as the server chose it). */
export interface HomeWeekLevelDto {
  code: string;
  label: string;
  text: string;
}

/** One day of a home week: readings per slot; day 1 is not counted. */
export interface HomeWeekDayDto {
  date: string;
  day: number;
  morning: number;
  evening: number;
  counted: boolean;
}

/** `GET /api/home-week`'s week (and what `POST` answers). */
export interface HomeWeekDto {
  startDate: string;
  endDate: string;
  origin: 'started' | 'recognised';
  complete: boolean;
  today: number | null;
  days: HomeWeekDayDto[];
  countedDays: number;
  minDays: number;
  average: HomeWeekAverageDto | null;
  morning: HomeWeekAverageDto | null;
  evening: HomeWeekAverageDto | null;
  level: HomeWeekLevelDto | null;
}

/** `GET /api/home-week`. */
export interface HomeWeekAnswerDto {
  week: HomeWeekDto | null;
}
