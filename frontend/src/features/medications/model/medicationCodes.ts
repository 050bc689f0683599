/**
 * The codes of a medication (contract of issue 16) and how a person reads them: forms,
 * units of strength, frequencies and how many dose times each takes. The server writes the
 * dose labels; these words are for the form's choices and the list's short facts.
 */
import type { FrequencyCode, MedicationFormCode, StrengthUnitCode } from '../../../lib/apiTypes';
import { MEDICATION_LIMITS, MEDICATION_MESSAGES } from '../../../lib/rules';

export type MedicationForm = MedicationFormCode;
export type StrengthUnit = StrengthUnitCode;
export type Frequency = FrequencyCode;

export const MEDICATION_FORMS: ReadonlyArray<{ value: MedicationForm; label: string }> = [
  { value: 'tablet', label: 'Tablet' },
  { value: 'capsule', label: 'Capsule' },
  { value: 'liquid', label: 'Liquid' },
  { value: 'injection', label: 'Injection' },
  { value: 'patch', label: 'Patch' },
  { value: 'inhaler', label: 'Inhaler' },
  { value: 'drops', label: 'Drops' },
  { value: 'other', label: 'Other' },
];

export const STRENGTH_UNITS: ReadonlyArray<{ value: StrengthUnit; label: string }> = [
  { value: 'mg', label: 'mg' },
  { value: 'mcg', label: 'mcg' },
  { value: 'g', label: 'g' },
  { value: 'mL', label: 'mL' },
  { value: 'IU', label: 'IU' },
  { value: 'units', label: 'units' },
];

export interface FrequencyInfo {
  value: Frequency;
  label: string;
  /** How many dose times a day of it takes (weekly: one, on its day). */
  times: number;
  /** The times a new dose starts with. */
  defaults: readonly string[];
}

export const FREQUENCIES: ReadonlyArray<FrequencyInfo> = [
  { value: 'once-daily', label: 'Once a day', times: 1, defaults: ['08:00'] },
  { value: 'twice-daily', label: 'Twice a day', times: 2, defaults: ['08:00', '20:00'] },
  { value: 'three-times-daily', label: 'Three times a day', times: 3, defaults: ['08:00', '14:00', '20:00'] },
  { value: 'weekly', label: 'Once a week', times: 1, defaults: ['08:00'] },
  { value: 'as-needed', label: 'As needed', times: 0, defaults: [] },
];

const FALLBACK: FrequencyInfo = { value: 'as-needed', label: 'As needed', times: 0, defaults: [] };

export function frequencyInfo(frequency: string): FrequencyInfo {
  return FREQUENCIES.find((f) => f.value === frequency) ?? FALLBACK;
}

export function formLabel(form: string): string {
  return MEDICATION_FORMS.find((f) => f.value === form)?.label ?? form;
}

export const isFrequency = (value: string): value is Frequency => FREQUENCIES.some((f) => f.value === value);
export const isMedicationForm = (value: string): value is MedicationForm => MEDICATION_FORMS.some((f) => f.value === value);
export const isStrengthUnit = (value: string): value is StrengthUnit => STRENGTH_UNITS.some((u) => u.value === value);

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The weekday of a `YYYY-MM-DD` date ('Monday'), or null for anything else. */
export function weekdayOf(iso: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(m[3])) return null;
  return WEEKDAYS[date.getUTCDay()] ?? null;
}

/** The dose times a frequency starts with (changing the frequency starts them afresh). */
export function timesFor(frequency: string): string[] {
  return [...frequencyInfo(frequency).defaults];
}

/** The longest reason a skipped dose may carry (the server's limit). */
export const INTAKE_REASON_MAX: number = MEDICATION_LIMITS.skipReasonMax;
export const INTAKE_REASON_MESSAGE = MEDICATION_MESSAGES.skipReasonLong;
