import { describe, expect, it } from 'vitest';
import type { MappingDto, SniffDto } from '../../lib/apiTypes';
import {
  IN_DATE_COLUMN,
  MSG_BLOOD_SUGAR_UNIT_REQUIRED,
  MSG_DATE_REQUIRED,
  MSG_DEFAULT_TIME_REQUIRED,
  MSG_EVENING_TIME_REQUIRED,
  MSG_MEASURE_REQUIRED,
  MSG_MORNING_TIME_REQUIRED,
  MSG_WEIGHT_UNIT_REQUIRED,
  NOT_IN_FILE,
  NO_TIME,
  columnLetter,
  delimiterOf,
  headerLineChoices,
  initialMappingValues,
  lineCount,
  toMappingDto,
  validateMapping,
  type MappingValues,
} from './mapping';

const mapping: MappingDto = {
  delimiter: ';',
  headerRow: 2,
  date: 0,
  time: 1,
  defaultTime: null,
  period: null,
  morningTime: null,
  eveningTime: null,
  systolic: 2,
  diastolic: 3,
  heartRate: 4,
  weight: 5,
  bloodSugar: null,
  notes: null,
  weightUnit: 'kg',
  bloodSugarUnit: null,
  dateOrder: 'dmy',
};

const sniff: SniffDto = {
  format: 'spreadsheet',
  container: 'csv',
  delimiter: ';',
  headerRow: 2,
  lead: ['Blutdruck'],
  app: null,
  columns: ['Datum', 'Uhrzeit', 'Sys', 'Dia', 'Puls', 'Gewicht (kg)', 'Tageszeit'],
  rows: [['06/07/2023', '10:43', '128', '82', '70', '71,5', 'morgens']],
  mapping,
  remembered: true,
};

/** Nothing chosen: what a file the server could not guess starts with. */
const none = (): MappingValues => initialMappingValues({ ...sniff, mapping: null });

describe('the spreadsheet mapping', () => {
  it("starts from the server's mapping, and sends it back unchanged", () => {
    const values = initialMappingValues(sniff);
    expect(values).toMatchObject({ date: '0', time: '1', systolic: '2', bloodSugar: NOT_IN_FILE, dateOrder: 'dmy', weightUnit: 'kg' });
    expect(validateMapping(values)).toEqual({});
    expect(toMappingDto(values, sniff)).toEqual(mapping);
  });

  it('starts with nothing chosen without a mapping: no unit, the time in the date column, the usual times offered', () => {
    expect(none()).toEqual({
      date: NOT_IN_FILE,
      time: IN_DATE_COLUMN,
      defaultTime: '08:00',
      period: NOT_IN_FILE,
      morningTime: '08:00',
      eveningTime: '20:00',
      systolic: NOT_IN_FILE,
      diastolic: NOT_IN_FILE,
      heartRate: NOT_IN_FILE,
      weight: NOT_IN_FILE,
      bloodSugar: NOT_IN_FILE,
      notes: NOT_IN_FILE,
      weightUnit: null,
      bloodSugarUnit: null,
      dateOrder: 'mdy',
    });
    expect(validateMapping(none())).toEqual({ date: MSG_DATE_REQUIRED, measures: MSG_MEASURE_REQUIRED });
    expect(delimiterOf({ ...sniff, mapping: null })).toBe(';');
    expect(delimiterOf({ ...sniff, mapping: null, delimiter: null })).toBe(',');
  });

  it('needs the date and one measurement, any one', () => {
    expect(validateMapping({ ...none(), date: '0', heartRate: '3' })).toEqual({});
    expect(validateMapping({ ...none(), heartRate: '3' })).toEqual({ date: MSG_DATE_REQUIRED });
    // Notes alone are not a reading.
    expect(validateMapping({ ...none(), date: '0', notes: '2' })).toEqual({ measures: MSG_MEASURE_REQUIRED });
  });

  it("never guesses a unit the header did not give: the person chooses it, for a column that is mapped", () => {
    const unknown = initialMappingValues({ ...sniff, mapping: { ...mapping, weightUnit: null } });
    expect(unknown.weightUnit).toBeNull();
    expect(validateMapping(unknown)).toEqual({ weightUnit: MSG_WEIGHT_UNIT_REQUIRED });
    expect(validateMapping({ ...unknown, weightUnit: 'st' })).toEqual({});
    expect(validateMapping({ ...unknown, weight: NOT_IN_FILE })).toEqual({});

    const sugar = { ...none(), date: '0', bloodSugar: '3' };
    expect(validateMapping(sugar)).toEqual({ bloodSugarUnit: MSG_BLOOD_SUGAR_UNIT_REQUIRED });
    expect(validateMapping({ ...sugar, bloodSugarUnit: 'mmol/L' })).toEqual({});
  });

  it("gives one column one role, in the server's words, under the later field", () => {
    const both = { ...initialMappingValues(sniff), weight: '0' };
    expect(validateMapping(both)).toEqual({ weight: 'Column A is chosen for both Date and Weight: choose one column for each.' });
    // Every later field naming a column already taken is refused, each naming the first.
    expect(validateMapping({ ...both, notes: '0', period: '1' })).toEqual({
      period: 'Column B is chosen for both Time and Morning/evening: choose one column for each.',
      weight: 'Column A is chosen for both Date and Weight: choose one column for each.',
      notes: 'Column A is chosen for both Date and Notes: choose one column for each.',
    });
    expect(validateMapping({ ...initialMappingValues(sniff), time: '0' })).toEqual({
      time: 'Column A is chosen for both Date and Time: choose one column for each.',
    });
    expect(validateMapping({ ...initialMappingValues(sniff), heartRate: '3' })).toEqual({
      heartRate: 'Column D is chosen for both Diastolic and Heart rate: choose one column for each.',
    });
    // "In the date column" and "no time" are not columns.
    expect(validateMapping({ ...initialMappingValues(sniff), time: IN_DATE_COLUMN })).toEqual({});
    expect(validateMapping({ ...initialMappingValues(sniff), time: NO_TIME })).toEqual({});
  });

  it('sends the time in the date column as null, without a default time', () => {
    const values = { ...initialMappingValues(sniff), time: IN_DATE_COLUMN, defaultTime: '07:30' };
    expect(toMappingDto(values, sniff)).toMatchObject({ time: null, defaultTime: null });
  });

  it('gives rows of a file without times the time chosen, and asks for one', () => {
    const values = { ...initialMappingValues(sniff), time: NO_TIME, defaultTime: '07:30' };
    expect(validateMapping(values)).toEqual({});
    expect(toMappingDto(values, sniff)).toMatchObject({ time: null, defaultTime: '07:30' });
    expect(validateMapping({ ...values, defaultTime: '' })).toEqual({ defaultTime: MSG_DEFAULT_TIME_REQUIRED });
    expect(validateMapping({ ...values, defaultTime: '24:00' })).toEqual({ defaultTime: MSG_DEFAULT_TIME_REQUIRED });
    // The mapping remembered for a date-only sheet comes back as "no time".
    const remembered = initialMappingValues({ ...sniff, mapping: { ...mapping, time: null, defaultTime: '06:45' } });
    expect(remembered).toMatchObject({ time: NO_TIME, defaultTime: '06:45' });
  });

  it('reads a column of morning/evening markers at the times chosen, sent only with the column', () => {
    const values = { ...initialMappingValues(sniff), time: NO_TIME, period: '6' };
    expect(validateMapping(values)).toEqual({});
    expect(toMappingDto(values, sniff)).toMatchObject({ period: 6, morningTime: '08:00', eveningTime: '20:00', defaultTime: '08:00' });
    expect(toMappingDto({ ...values, morningTime: '07:15', eveningTime: '21:30' }, sniff)).toMatchObject({
      morningTime: '07:15',
      eveningTime: '21:30',
    });
    expect(toMappingDto({ ...values, period: NOT_IN_FILE, morningTime: '07:15' }, sniff)).toMatchObject({
      period: null,
      morningTime: null,
      eveningTime: null,
    });
    expect(validateMapping({ ...values, morningTime: '', eveningTime: '8 pm' })).toEqual({
      morningTime: MSG_MORNING_TIME_REQUIRED,
      eveningTime: MSG_EVENING_TIME_REQUIRED,
    });
    // Without the column, its times are not asked for.
    expect(validateMapping({ ...values, period: NOT_IN_FILE, morningTime: '' })).toEqual({});
  });

  it('sends the header line the sniff read, stones and Unix time as chosen', () => {
    const values = { ...initialMappingValues(sniff), weightUnit: 'st' as const, dateOrder: 'epoch' as const };
    expect(toMappingDto(values, { ...sniff, headerRow: 5 })).toMatchObject({ headerRow: 5, weightUnit: 'st', dateOrder: 'epoch' });
  });

  it('offers the header on any of the first 20 lines of the head, and always the line read', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('Weight\r\nDate;Time;kg\r\n1;2;3')).toBe(3);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\rb\r')).toBe(2);
    expect(headerLineChoices(3, 2)).toEqual([1, 2, 3]);
    expect(headerLineChoices(500, 1)).toHaveLength(20);
    expect(headerLineChoices(1, 4)).toEqual([1, 2, 3, 4]);
    expect(headerLineChoices(0, 1)).toEqual([1]);
  });

  it('names columns as a spreadsheet does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
