import { object, string, type ObjectSchema } from 'yup';
import { toIsoDate, toIsoTime } from '../../lib/dates';
import type { BloodSugarUnit, WeightUnit } from '../../lib/preferences';
import type { ReadingSetting } from '../../lib/apiTypes';
import { NOTES_MAX, RULE_MESSAGES, rangeMessage, rangeOf, type CanonicalRange } from '../../lib/readingRules';
import { COMMON_MESSAGES } from '../../lib/rules';
import { bloodSugarRange, weightRange } from '../../lib/units';

/** Messages word for word from the product spec, section 5 (and the server's extras). */
export const readingMessages = {
  dateRequired: RULE_MESSAGES.dateRequired,
  timeRequired: RULE_MESSAGES.timeRequired,
  dateFuture: RULE_MESSAGES.dateFuture,
  /** A reading records what was measured: later today is refused too (the server's rule). */
  timeFuture: RULE_MESSAGES.timeFuture,
  noMeasurement: RULE_MESSAGES.noMeasurement,
  notesMax: RULE_MESSAGES.notesMax,
  /** The server's rule too (readings::rules): equal values are refused as well. */
  diastolicNotLower: RULE_MESSAGES.diastolicNotLower,
  notLoggedIn: 'You must be logged in to record vitals.',
  subscriptionRequired: COMMON_MESSAGES.subscriptionRequired,
  recordFailed: 'Failed to record vitals. Please try again.',
  updateFailed: 'Failed to update vitals. Please try again.',
} as const;

export { NOTES_MAX };

/** The spec's inclusive ranges (section 9) of the whole-number measures. */
export const SYSTOLIC = rangeOf('systolic');
export const DIASTOLIC = rangeOf('diastolic');
export const HEART_RATE = rangeOf('heartRate');

/** The form's values: text as typed, in the user's units. */
export interface ReadingFormValues {
  date: string;
  time: string;
  systolic: string;
  diastolic: string;
  heartRate: string;
  weight: string;
  bloodSugar: string;
  notes: string;
  /** Where it was taken: a choice, not text. */
  setting: ReadingSetting;
}

/** The settings the server takes (readings::Setting). */
const READING_SETTINGS: ReadonlyArray<ReadingSetting> = ['home', 'office'];

export const MEASUREMENT_FIELDS = ['systolic', 'diastolic', 'heartRate', 'weight', 'bloodSugar'] as const;
export type MeasurementField = (typeof MEASUREMENT_FIELDS)[number];

/** 'Systolic must be at least 70' / 'Systolic must be less than 250' (bounds allowed). */
function measure(name: string, range: CanonicalRange, whole: boolean) {
  const message = (template: string): string => rangeMessage(template, name, range);
  let field = string()
    .trim()
    .test('number', message(RULE_MESSAGES.notANumber), (v) => !v || Number.isFinite(Number(v)))
    .test('min', message(RULE_MESSAGES.belowMin), (v) => !v || !Number.isFinite(Number(v)) || Number(v) >= range.min)
    .test('max', message(RULE_MESSAGES.aboveMax), (v) => !v || !Number.isFinite(Number(v)) || Number(v) <= range.max);
  if (whole) {
    field = field.test('whole', message(RULE_MESSAGES.notWhole), (v) => !v || !Number.isFinite(Number(v)) || Number.isInteger(Number(v)));
  }
  return field;
}

/** Systolic, diastolic (below systolic) and heart rate: the reading form's and each guided reading's. */
function bpFields() {
  return {
    systolic: measure(SYSTOLIC.name, SYSTOLIC, SYSTOLIC.whole),
    diastolic: measure(DIASTOLIC.name, DIASTOLIC, DIASTOLIC.whole).test(
      'below-systolic',
      readingMessages.diastolicNotLower,
      function (v) {
        const parent = this.parent as Partial<ReadingFormValues>;
        const systolic = Number(parent.systolic?.trim() || NaN);
        const diastolic = Number(v || NaN);
        return !Number.isFinite(systolic) || !Number.isFinite(diastolic) || diastolic < systolic;
      },
    ),
    heartRate: measure(HEART_RATE.name, HEART_RATE, HEART_RATE.whole),
  };
}

/** One reading of a guided measurement, as typed. */
export type GuidedReadingValues = Pick<ReadingFormValues, 'systolic' | 'diastolic' | 'heartRate'>;

/**
 * A guided measurement's reading: the reading form's rules for the three numbers, and
 * systolic and diastolic required (the server's message).
 */
export function guidedReadingSchema(): ObjectSchema<GuidedReadingValues> {
  const { systolic, diastolic, heartRate } = bpFields();
  return object({
    systolic: systolic.required(RULE_MESSAGES.sessionBpRequired),
    diastolic: diastolic.required(RULE_MESSAGES.sessionBpRequired),
    heartRate,
  }).defined() as ObjectSchema<GuidedReadingValues>;
}

/** The reading form's rules in the user's units (weight 50-500 lbs = 22.7-226.8 kg, ...). */
export function readingSchema(
  weightUnit: WeightUnit,
  bloodSugarUnit: BloodSugarUnit,
  now: () => Date = () => new Date(),
): ObjectSchema<ReadingFormValues> {
  return object({
    date: string()
      .trim()
      .required(readingMessages.dateRequired)
      .test('not-future', readingMessages.dateFuture, (v) => !v || v <= toIsoDate(now())),
    // Exact in the browser's time zone, to the minute (the server can only refuse what is
    // in the future in every zone: readings::rules::latest_allowed).
    time: string()
      .trim()
      .required(readingMessages.timeRequired)
      .test('not-future', readingMessages.timeFuture, function (v) {
        const date = (this.parent as Partial<ReadingFormValues>).date?.trim();
        const at = now();
        return !v || date !== toIsoDate(at) || v <= toIsoTime(at);
      }),
    ...bpFields(),
    weight: measure(rangeOf('weight').name, weightRange(weightUnit), rangeOf('weight').whole),
    bloodSugar: measure(rangeOf('bloodSugar').name, bloodSugarRange(bloodSugarUnit), rangeOf('bloodSugar').whole),
    notes: string().max(NOTES_MAX, readingMessages.notesMax),
    setting: string().oneOf(READING_SETTINGS, RULE_MESSAGES.settingInvalid),
  }).defined() as ObjectSchema<ReadingFormValues>;
}

/** True when no measurement was entered (the server refuses such a reading). */
export function hasNoMeasurement(values: ReadingFormValues): boolean {
  return MEASUREMENT_FIELDS.every((f) => values[f].trim() === '');
}
