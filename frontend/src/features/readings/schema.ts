import { object, string, type ObjectSchema } from 'yup';
import { toIsoDate, toIsoTime } from '../../lib/dates';
import type { BloodSugarUnit, WeightUnit } from '../../lib/preferences';
import { bloodSugarRange, weightRange, type CanonicalRange } from '../../lib/units';

/** Messages word for word from the product spec, section 5 (and the server's extras). */
export const readingMessages = {
  dateRequired: 'Date is required',
  timeRequired: 'Time is required',
  dateFuture: 'Date cannot be in the future',
  /** A reading records what was measured: later today is refused too (the server's rule). */
  timeFuture: 'Time cannot be in the future',
  noMeasurement: 'Enter at least one measurement',
  notesMax: 'Notes must be at most 1000 characters',
  /** The server's rule too (readings::rules): equal values are refused as well. */
  diastolicNotLower: 'Diastolic must be lower than systolic',
  notLoggedIn: 'You must be logged in to record vitals.',
  subscriptionRequired: 'Subscription Required',
  recordFailed: 'Failed to record vitals. Please try again.',
  updateFailed: 'Failed to update vitals. Please try again.',
} as const;

export const NOTES_MAX = 1000;

/** The spec's inclusive ranges (section 9) for the whole-number measures. */
export const SYSTOLIC_RANGE: CanonicalRange = { min: 70, max: 250 };
export const DIASTOLIC_RANGE: CanonicalRange = { min: 40, max: 150 };
export const HEART_RATE_RANGE: CanonicalRange = { min: 40, max: 220 };

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
}

export const MEASUREMENT_FIELDS = ['systolic', 'diastolic', 'heartRate', 'weight', 'bloodSugar'] as const;
export type MeasurementField = (typeof MEASUREMENT_FIELDS)[number];

/** 'Systolic must be at least 70' / 'Systolic must be less than 250' (bounds allowed). */
function measure(name: string, range: CanonicalRange, whole: boolean) {
  let field = string()
    .trim()
    .test('number', `${name} must be a number`, (v) => !v || Number.isFinite(Number(v)))
    .test('min', `${name} must be at least ${range.min}`, (v) => !v || !Number.isFinite(Number(v)) || Number(v) >= range.min)
    .test('max', `${name} must be less than ${range.max}`, (v) => !v || !Number.isFinite(Number(v)) || Number(v) <= range.max);
  if (whole) {
    field = field.test('whole', `${name} must be a whole number`, (v) => !v || !Number.isFinite(Number(v)) || Number.isInteger(Number(v)));
  }
  return field;
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
    systolic: measure('Systolic', SYSTOLIC_RANGE, true),
    diastolic: measure('Diastolic', DIASTOLIC_RANGE, true).test(
      'below-systolic',
      readingMessages.diastolicNotLower,
      function (v) {
        const parent = this.parent as Partial<ReadingFormValues>;
        const systolic = Number(parent.systolic?.trim() || NaN);
        const diastolic = Number(v || NaN);
        return !Number.isFinite(systolic) || !Number.isFinite(diastolic) || diastolic < systolic;
      },
    ),
    heartRate: measure('Heart rate', HEART_RATE_RANGE, true),
    weight: measure('Weight', weightRange(weightUnit), false),
    bloodSugar: measure('Blood sugar', bloodSugarRange(bloodSugarUnit), false),
    notes: string().max(NOTES_MAX, readingMessages.notesMax),
  }).defined() as ObjectSchema<ReadingFormValues>;
}

/** True when no measurement was entered (the server refuses such a reading). */
export function hasNoMeasurement(values: ReadingFormValues): boolean {
  return MEASUREMENT_FIELDS.every((f) => values[f].trim() === '');
}
