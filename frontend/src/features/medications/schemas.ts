import { array, boolean, object, string, type ObjectSchema } from 'yup';
import { frequencyInfo, isFrequency, isMedicationForm, isStrengthUnit } from './model/medicationCodes';
import type { DoseRequest, NewMedicationRequest } from './api/medications';
import { MEDICATION_LIMITS, MEDICATION_MESSAGES, fill } from '../../lib/rules';

/**
 * The medication forms' messages: the server's words for the same rules (the contract of
 * issue 16, one source: crates/medications/rules.json), so a message reads the same
 * whichever side caught it.
 */
export const medicationMessages = {
  nameRequired: MEDICATION_MESSAGES.nameRequired,
  nameMax: MEDICATION_MESSAGES.nameLong,
  strength: MEDICATION_MESSAGES.strength,
  unitRequired: MEDICATION_MESSAGES.unit,
  formRequired: MEDICATION_MESSAGES.form,
  frequencyRequired: MEDICATION_MESSAGES.frequency,
  timeFormat: MEDICATION_MESSAGES.timeFormat,
  timesDistinct: MEDICATION_MESSAGES.timesDistinct,
  startRequired: MEDICATION_MESSAGES.startRequired,
  dateInvalid: MEDICATION_MESSAGES.date,
  endBeforeStart: MEDICATION_MESSAGES.endBeforeStart,
  changeNotAfter: MEDICATION_MESSAGES.changeAfterStart,
  reasonMax: MEDICATION_MESSAGES.reasonLong,
} as const;

/** "Give 2 times of day": the server's words when the times do not match the frequency. */
export function timesCountMessage(count: number): string {
  if (count === 0) return MEDICATION_MESSAGES.timesNone;
  return count === 1 ? MEDICATION_MESSAGES.timesOne : fill(MEDICATION_MESSAGES.timesMany, { count });
}

export const NAME_MAX: number = MEDICATION_LIMITS.nameMax;
export const REASON_MAX: number = MEDICATION_LIMITS.reasonMax;
/** The server refuses a strength above this (a typo of several zeros). */
export const STRENGTH_MAX: number = MEDICATION_LIMITS.strengthMax;

/** The dose part of a form, as typed. */
export interface DoseValues {
  strength: string;
  unit: string;
  frequency: string;
  times: string[];
  startDate: string;
}

/** The Add medication form, as typed. */
export interface MedicationValues extends DoseValues {
  name: string;
  form: string;
  endDate: string;
  reason: string;
  reminders: boolean;
  forBloodPressure: boolean;
}

/** The Edit details form. */
export interface DetailsValues {
  name: string;
  form: string;
  reason: string;
  forBloodPressure: boolean;
}

/** Stop taking: the last day it is taken. */
export interface StopValues {
  endDate: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string | undefined): boolean {
  if (!value || !ISO_DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

const date = (required: string = medicationMessages.startRequired) =>
  string()
    .trim()
    .required(required)
    .test('date', medicationMessages.dateInvalid, (v) => !v || isIsoDate(v));

const nameField = () => string().trim().required(medicationMessages.nameRequired).max(NAME_MAX, medicationMessages.nameMax);
const formField = () =>
  string().required(medicationMessages.formRequired).test('form', medicationMessages.formRequired, (v) => !!v && isMedicationForm(v));
const reasonField = () => string().trim().max(REASON_MAX, medicationMessages.reasonMax);

function doseFields() {
  return {
    strength: string()
      .trim()
      .required(medicationMessages.strength)
      .test('positive', medicationMessages.strength, (v) => {
        const n = Number(v);
        return !v || (Number.isFinite(n) && n > 0 && n <= STRENGTH_MAX);
      }),
    unit: string().required(medicationMessages.unitRequired).test('unit', medicationMessages.unitRequired, (v) => !!v && isStrengthUnit(v)),
    frequency: string()
      .required(medicationMessages.frequencyRequired)
      .test('frequency', medicationMessages.frequencyRequired, (v) => !!v && isFrequency(v)),
    // In the server's order: the format, then different times, then as many as the
    // frequency takes (an empty input is no time). Formik hands '' over as undefined.
    times: array(string())
      .defined()
      .test('times', function (times) {
        const filled = times.map((t) => (t ?? '').trim()).filter((t) => t !== '');
        if (!filled.every((t) => ISO_TIME.test(t))) return this.createError({ message: medicationMessages.timeFormat });
        if (new Set(filled).size !== filled.length) return this.createError({ message: medicationMessages.timesDistinct });
        const { frequency } = this.parent as Partial<DoseValues>;
        const wanted = frequencyInfo(frequency ?? '').times;
        return filled.length === wanted || this.createError({ message: timesCountMessage(wanted) });
      }),
    startDate: date(),
  };
}

/** Add medication: name, form, the first dose, an optional end not before its start, why. */
export function medicationSchema(): ObjectSchema<MedicationValues> {
  return object({
    name: nameField(),
    form: formField(),
    ...doseFields(),
    endDate: string()
      .trim()
      .test('date', medicationMessages.dateInvalid, (v) => !v || isIsoDate(v))
      .test('not-before-start', medicationMessages.endBeforeStart, function (v) {
        const start = (this.parent as Partial<MedicationValues>).startDate?.trim();
        return !v || !start || !isIsoDate(v) || !isIsoDate(start) || v >= start;
      }),
    reason: reasonField(),
    reminders: boolean().defined(),
    forBloodPressure: boolean().defined(),
  }).defined() as ObjectSchema<MedicationValues>;
}

/** Change dose: a new period, from a day after the current one started. */
export function changeDoseSchema(currentStart: string): ObjectSchema<DoseValues> {
  const fields = doseFields();
  return object({
    ...fields,
    startDate: fields.startDate.test('after-current', medicationMessages.changeNotAfter, (v) => !isIsoDate(v) || (v ?? '') > currentStart),
  }).defined() as ObjectSchema<DoseValues>;
}

export function detailsSchema(): ObjectSchema<DetailsValues> {
  return object({
    name: nameField(),
    form: formField(),
    reason: reasonField(),
    forBloodPressure: boolean().defined(),
  }).defined() as ObjectSchema<DetailsValues>;
}

/** Stop taking: an end date, not before the medication started. */
export function stopSchema(startDate: string): ObjectSchema<StopValues> {
  return object({
    endDate: date(medicationMessages.dateInvalid).test('not-before-start', medicationMessages.endBeforeStart, (v) => !isIsoDate(v) || (v ?? '') >= startDate),
  }).defined() as ObjectSchema<StopValues>;
}

/** The dose as the API takes it (times sorted, as the server keeps them). */
export function doseRequestOf(values: DoseValues): DoseRequest {
  return {
    strength: Number(values.strength.trim()),
    unit: values.unit as DoseRequest['unit'],
    frequency: values.frequency as DoseRequest['frequency'],
    times: values.times.map((t) => (t ?? '').trim()).filter((t) => t !== '').sort(),
    startDate: values.startDate.trim(),
  };
}

export function medicationRequestOf(values: MedicationValues): NewMedicationRequest {
  const reason = values.reason.trim();
  const endDate = values.endDate.trim();
  return {
    name: values.name.trim(),
    form: values.form as NewMedicationRequest['form'],
    ...doseRequestOf(values),
    endDate: endDate === '' ? null : endDate,
    reason: reason === '' ? null : reason,
    reminders: values.reminders,
    forBloodPressure: values.forBloodPressure,
  };
}

/** The form fields the server may name in a 400 answer's `errors`. */
export const MEDICATION_FIELDS = [
  'name',
  'strength',
  'unit',
  'form',
  'frequency',
  'times',
  'startDate',
  'endDate',
  'reason',
] as const;
export const DOSE_FIELDS = ['strength', 'unit', 'frequency', 'times', 'startDate'] as const;
