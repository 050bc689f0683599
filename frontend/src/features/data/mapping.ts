/**
 * The spreadsheet mapping form: its values (select values are strings: a column's 0-based
 * index, or a word for "none"), their rules, and the `MappingDto` the upload sends.
 */
import { isIsoTime } from '../../lib/dates';
import type { DateOrder, FileBloodSugarUnit, FileWeightUnit, MappingDto, SniffDto } from '../../lib/apiTypes';

/** An optional column's select value when the file has no such column. */
export const NOT_IN_FILE = '';
/** The time select's value when the date column holds the time too. */
export const IN_DATE_COLUMN = 'in-date';
/** The time select's value when the file holds no time at all: rows get `defaultTime`. */
export const NO_TIME = 'no-time';

/** The times offered until the person chooses others. */
export const DEFAULT_TIME = '08:00';
export const DEFAULT_MORNING_TIME = '08:00';
export const DEFAULT_EVENING_TIME = '20:00';

/** The "header is on line N" control offers lines 1 to this at most. */
export const MAX_HEADER_LINE = 20;

export const MEASURE_FIELDS = ['systolic', 'diastolic', 'heartRate', 'weight', 'bloodSugar'] as const;
export type MeasureField = (typeof MEASURE_FIELDS)[number];

/** Every select that names a column, in the order the form shows them. */
export const COLUMN_FIELDS = ['date', 'time', 'period', ...MEASURE_FIELDS, 'notes'] as const;
export type ColumnField = (typeof COLUMN_FIELDS)[number];

/** Each column's role as a refusal names it ('Column B is chosen for both Date and Weight'). */
export const ROLE_NAMES: Readonly<Record<ColumnField, string>> = {
  date: 'Date',
  time: 'Time',
  period: 'Morning/evening',
  systolic: 'Systolic',
  diastolic: 'Diastolic',
  heartRate: 'Heart rate',
  weight: 'Weight',
  bloodSugar: 'Blood sugar',
  notes: 'Notes',
};

export interface MappingValues {
  /** A column index, or '' until one is chosen. */
  date: string;
  /** A column index, `IN_DATE_COLUMN` or `NO_TIME`. */
  time: string;
  /** HH:MM for rows without a time (sent when `time` is `NO_TIME`). */
  defaultTime: string;
  /** The column of morning/evening markers, or `NOT_IN_FILE`. */
  period: string;
  /** HH:MM of rows marked morning and evening (sent with `period`). */
  morningTime: string;
  eveningTime: string;
  systolic: string;
  diastolic: string;
  heartRate: string;
  weight: string;
  bloodSugar: string;
  notes: string;
  /** null until the sniff read it from the header or the person chose it: never guessed. */
  weightUnit: FileWeightUnit | null;
  bloodSugarUnit: FileBloodSugarUnit | null;
  dateOrder: DateOrder;
}

export type MappingErrorKey = ColumnField | 'measures' | 'defaultTime' | 'morningTime' | 'eveningTime' | 'weightUnit' | 'bloodSugarUnit';
export type MappingErrors = Partial<Record<MappingErrorKey, string>>;

export const MSG_DATE_REQUIRED = 'Choose the column that holds the date.';
/** The server's words for the same rule (`MSG_MAPPING_MEASURE`). */
export const MSG_MEASURE_REQUIRED = 'Choose the column of at least one measurement.';
/** The server's words when a unit is not known (no default is ever taken). */
export const MSG_WEIGHT_UNIT_REQUIRED = 'Choose the unit of the weight column.';
export const MSG_BLOOD_SUGAR_UNIT_REQUIRED = 'Choose the unit of the blood sugar column.';
export const MSG_DEFAULT_TIME_REQUIRED = 'Choose the time to give rows without one (for example 08:00).';
export const MSG_MORNING_TIME_REQUIRED = 'Choose the time of readings marked morning (for example 08:00).';
export const MSG_EVENING_TIME_REQUIRED = 'Choose the time of readings marked evening (for example 20:00).';

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

/** The server's words for a column given two roles, shown under the second. */
export function sameColumnMessage(column: number, first: ColumnField, second: ColumnField): string {
  return `Column ${columnLetter(column)} is chosen for both ${ROLE_NAMES[first]} and ${ROLE_NAMES[second]}: choose one column for each.`;
}

const column = (index: number | null | undefined): string => (index === null || index === undefined ? NOT_IN_FILE : String(index));

/** The time select's first value: the time's column, else no time when the mapping gives rows one, else in the date column. */
function timeChoice(m: MappingDto | null): string {
  if (m === null) return IN_DATE_COLUMN;
  if (m.time !== null) return String(m.time);
  return m.defaultTime !== null ? NO_TIME : IN_DATE_COLUMN;
}

/** The form's first values: the sniff's mapping (remembered or guessed), else nothing chosen. */
export function initialMappingValues(sniff: SniffDto): MappingValues {
  const m = sniff.mapping;
  return {
    date: column(m?.date),
    time: timeChoice(m),
    defaultTime: m?.defaultTime ?? DEFAULT_TIME,
    period: column(m?.period),
    morningTime: m?.morningTime ?? DEFAULT_MORNING_TIME,
    eveningTime: m?.eveningTime ?? DEFAULT_EVENING_TIME,
    systolic: column(m?.systolic),
    diastolic: column(m?.diastolic),
    heartRate: column(m?.heartRate),
    weight: column(m?.weight),
    bloodSugar: column(m?.bloodSugar),
    notes: column(m?.notes),
    weightUnit: m?.weightUnit ?? null,
    bloodSugarUnit: m?.bloodSugarUnit ?? null,
    dateOrder: m?.dateOrder ?? 'mdy',
  };
}

const index = (value: string): number | null =>
  value === NOT_IN_FILE || value === IN_DATE_COLUMN || value === NO_TIME ? null : Number(value);

/** One column, one role: each select after the first to name a column is refused. */
function sameColumnErrors(values: MappingValues): MappingErrors {
  const errors: MappingErrors = {};
  const taken = new Map<number, ColumnField>();
  for (const field of COLUMN_FIELDS) {
    const chosen = index(values[field]);
    if (chosen === null) continue;
    const first = taken.get(chosen);
    if (first === undefined) taken.set(chosen, field);
    else errors[field] = sameColumnMessage(chosen, first, field);
  }
  return errors;
}

/**
 * The date column is required, and at least one measurement's; no column has two roles; a
 * weight or blood sugar column needs its unit; the times asked for are HH:MM.
 */
export function validateMapping(values: MappingValues): MappingErrors {
  const errors: MappingErrors = sameColumnErrors(values);
  if (values.date === NOT_IN_FILE) errors.date = MSG_DATE_REQUIRED;
  if (values.time === NO_TIME && !isIsoTime(values.defaultTime)) errors.defaultTime = MSG_DEFAULT_TIME_REQUIRED;
  if (values.period !== NOT_IN_FILE) {
    if (!isIsoTime(values.morningTime)) errors.morningTime = MSG_MORNING_TIME_REQUIRED;
    if (!isIsoTime(values.eveningTime)) errors.eveningTime = MSG_EVENING_TIME_REQUIRED;
  }
  if (MEASURE_FIELDS.every((field) => values[field] === NOT_IN_FILE)) errors.measures = MSG_MEASURE_REQUIRED;
  if (values.weight !== NOT_IN_FILE && values.weightUnit === null) errors.weightUnit = MSG_WEIGHT_UNIT_REQUIRED;
  if (values.bloodSugar !== NOT_IN_FILE && values.bloodSugarUnit === null) errors.bloodSugarUnit = MSG_BLOOD_SUGAR_UNIT_REQUIRED;
  return errors;
}

/** The delimiter the file uses: the sniff's, a comma when it could not tell. */
export function delimiterOf(sniff: SniffDto): string {
  return sniff.mapping?.delimiter ?? sniff.delimiter ?? ',';
}

/**
 * What the upload sends (call it on values that passed `validateMapping`): the header line
 * the sniff read, the default time only when the file has no time, the morning and evening
 * times only with a column of markers.
 */
export function toMappingDto(values: MappingValues, sniff: SniffDto): MappingDto {
  const period = index(values.period);
  return {
    delimiter: delimiterOf(sniff),
    headerRow: sniff.headerRow,
    date: Number(values.date),
    time: index(values.time),
    defaultTime: values.time === NO_TIME ? values.defaultTime : null,
    period,
    morningTime: period === null ? null : values.morningTime,
    eveningTime: period === null ? null : values.eveningTime,
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

/** How many lines a text has ('a\nb' and 'a\nb\n' both 2), whatever its line ends. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const lines = text.split(/\r\n|\n|\r/);
  return lines.at(-1) === '' ? lines.length - 1 : lines.length;
}

/**
 * The lines the header may be on: 1 to the head's lines, at most `MAX_HEADER_LINE`, and
 * always the line the sniff used.
 */
export function headerLineChoices(linesInHead: number, headerRow: number): number[] {
  const last = Math.max(Math.min(MAX_HEADER_LINE, linesInHead), headerRow, 1);
  return Array.from({ length: last }, (_, i) => i + 1);
}
