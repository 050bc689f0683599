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

// Medications (issue 16). Written by hand from the contract while the server's document
// does not have them yet; they become aliases of `Schemas` once `openapi.json` does.

/** A medication's form (tablet, ...), unit of strength and how often it is taken. */
export type MedicationFormCode = 'tablet' | 'capsule' | 'liquid' | 'injection' | 'patch' | 'inhaler' | 'drops' | 'other';
export type StrengthUnitCode = 'mg' | 'mcg' | 'g' | 'mL' | 'IU' | 'units';
export type FrequencyCode = 'once-daily' | 'twice-daily' | 'three-times-daily' | 'weekly' | 'as-needed';

/** One dose of a medication over a period (inclusive dates; `endDate` null: ongoing). */
export interface DosePeriodDto {
  id: number;
  strength: number;
  unit: StrengthUnitCode;
  frequency: FrequencyCode;
  times: string[];
  startDate: string;
  endDate: string | null;
  label: string;
}

export interface MedicationDto {
  id: number;
  name: string;
  form: MedicationFormCode;
  reason: string | null;
  reminders: boolean;
  periods: DosePeriodDto[];
  current: boolean;
  startDate: string;
  endDate: string | null;
}

export interface MedicationEventDto {
  date: string;
  medicationId: number;
  name: string;
  kind: 'started' | 'changed' | 'stopped';
  label: string;
}

export interface MedicationsAnswerDto {
  medications: MedicationDto[];
  events: MedicationEventDto[];
}

export interface BpAverageDto {
  systolic: number;
  diastolic: number;
  readings: number;
}

export interface EffectDto {
  date: string;
  kind: 'started' | 'changed';
  label: string;
  before: BpAverageDto | null;
  after: BpAverageDto | null;
  enough: boolean;
  summary: string;
}

export interface AdherenceDto {
  from: string;
  to: string;
  due: number;
  taken: number;
  skipped: number;
  missed: number;
  percent: number | null;
  asNeeded: number;
}

export interface MedicationDetailDto {
  medication: MedicationDto;
  effects: EffectDto[];
  adherence: AdherenceDto;
  minReadings: number;
  note: string;
}

export interface DoseDto {
  medicationId: number;
  name: string;
  form: MedicationFormCode;
  doseLabel: string;
  time: string;
  status: 'due' | 'taken' | 'skipped';
  intakeId: number | null;
  reason: string | null;
}

export interface AsNeededLogDto {
  medicationId: number;
  name: string;
  doseLabel: string;
  taken: { intakeId: number; time: string }[];
}

export interface DosesAnswerDto {
  date: string;
  today: string;
  doses: DoseDto[];
  asNeeded: AsNeededLogDto[];
}

export interface IntakeDto {
  intakeId: number;
  medicationId: number;
  date: string;
  time: string;
  status: 'taken' | 'skipped';
  reason: string | null;
}
