/**
 * The spreadsheet mapping form: its values (select values are strings: a column's 0-based
 * index, or a word for "none"), their rules, and the `MappingDto` the upload sends.
 */
import type { BloodSugarUnit, WeightUnit } from '../../lib/preferences';
import type { DateOrder, MappingDto, SniffDto } from '../../lib/apiTypes';

/** An optional column's select value when the file has no such column. */
export const NOT_IN_FILE = '';
/** The time select's value when the date column holds the time too. */
export const IN_DATE_COLUMN = 'in-date';

export const MEASURE_FIELDS = ['systolic', 'diastolic', 'heartRate', 'weight', 'bloodSugar'] as const;
export type MeasureField = (typeof MEASURE_FIELDS)[number];

export interface MappingValues {
  /** A column index, or '' until one is chosen. */
  date: string;
  /** A column index, or `IN_DATE_COLUMN`. */
  time: string;
  systolic: string;
  diastolic: string;
  heartRate: string;
  weight: string;
  bloodSugar: string;
  notes: string;
  weightUnit: WeightUnit;
  bloodSugarUnit: BloodSugarUnit;
  dateOrder: DateOrder;
}

export type MappingErrors = Partial<Record<'date' | 'measures', string>>;

export const MSG_DATE_REQUIRED = 'Choose the column that holds the date.';
/** The server's words for the same rule (`MSG_MAPPING_MEASURE`). */
export const MSG_MEASURE_REQUIRED = 'Choose the column of at least one measurement.';

/** The column's letter as a spreadsheet shows it: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

const column = (index: number | null | undefined): string => (index === null || index === undefined ? NOT_IN_FILE : String(index));

/** The form's first values: the sniff's mapping (remembered or guessed), else nothing chosen. */
export function initialMappingValues(sniff: SniffDto): MappingValues {
  const m = sniff.mapping;
  return {
    date: column(m?.date),
    time: m && m.time !== null ? String(m.time) : IN_DATE_COLUMN,
    systolic: column(m?.systolic),
    diastolic: column(m?.diastolic),
    heartRate: column(m?.heartRate),
    weight: column(m?.weight),
    bloodSugar: column(m?.bloodSugar),
    notes: column(m?.notes),
    weightUnit: m?.weightUnit ?? 'lbs',
    bloodSugarUnit: m?.bloodSugarUnit ?? 'mg/dL',
    dateOrder: m?.dateOrder ?? 'mdy',
  };
}

/** The date column is required, and at least one measurement's. */
export function validateMapping(values: MappingValues): MappingErrors {
  const errors: MappingErrors = {};
  if (values.date === NOT_IN_FILE) errors.date = MSG_DATE_REQUIRED;
  if (MEASURE_FIELDS.every((field) => values[field] === NOT_IN_FILE)) errors.measures = MSG_MEASURE_REQUIRED;
  return errors;
}

const index = (value: string): number | null => (value === NOT_IN_FILE || value === IN_DATE_COLUMN ? null : Number(value));

/** What the upload sends (call it on values that passed `validateMapping`). */
export function toMappingDto(values: MappingValues, delimiter: string): MappingDto {
  return {
    delimiter,
    date: Number(values.date),
    time: index(values.time),
    systolic: index(values.systolic),
    diastolic: index(values.diastolic),
    heartRate: index(values.heartRate),
    weight: index(values.weight),
    bloodSugar: index(values.bloodSugar),
    notes: index(values.notes),
    weightUnit: values.weightUnit,
    bloodSugarUnit: values.bloodSugarUnit,
    dateOrder: values.dateOrder,
  };
}

/** The delimiter the file uses: the sniff's, a comma when it could not tell. */
export function delimiterOf(sniff: SniffDto): string {
  return sniff.mapping?.delimiter ?? sniff.delimiter ?? ',';
}
