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

/** Morning or evening: a guided measurement's period and a home week's slot (sent as a string). */
export type Period = 'morning' | 'evening';

/** One reading of a guided measurement. */
export type SessionReadingDto = Sent<Schemas['SessionReadingDto'], 'heartRate'>;

/** The guided measurement a reading averages (`ReadingDto.session`). */
export type SessionDto = Omit<Schemas['SessionDto'], 'period' | 'readings'> & {
  period: Period;
  readings: SessionReadingDto[];
};

/** An average of a home week's blood pressure readings, with how many readings it is of. */
export type HomeWeekAverageDto = Schemas['AverageDto'];

/** The level of a home average (rules.json `homeWeek.levels`, as the server chose it). */
export type HomeWeekLevelDto = Schemas['LevelDto'];

/** One day of a home week: readings per slot; day 1 is not counted. */
export type HomeWeekDayDto = Schemas['DayDto'];

/** `GET /api/home-week`'s week (and what `POST` answers). */
export type HomeWeekDto = Omit<
  Sent<Schemas['HomeWeekDto'], 'average' | 'morning' | 'evening' | 'level' | 'today'>,
  'origin'
> & { origin: 'started' | 'recognised' };

/** `GET /api/home-week`. */
export type HomeWeekAnswerDto = Omit<Schemas['HomeWeekResponse'], 'week'> & { week: HomeWeekDto | null };

/** POST /api/bp-sessions, as the guided measurement sends it (no weight, blood sugar or notes). */
export type BpSessionRequest = Pick<Schemas['SessionRequest'], 'date' | 'time' | 'period' | 'restSkipped' | 'readings'>;
