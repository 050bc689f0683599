import { describe, expect, it } from 'vitest';
import type { SniffDto } from '../../lib/apiTypes';
import {
  IN_DATE_COLUMN,
  MSG_DATE_REQUIRED,
  MSG_MEASURE_REQUIRED,
  NOT_IN_FILE,
  columnLetter,
  delimiterOf,
  initialMappingValues,
  toMappingDto,
  validateMapping,
} from './mapping';

const sniff: SniffDto = {
  format: 'spreadsheet',
  container: 'csv',
  delimiter: ';',
  columns: ['Datum', 'Uhrzeit', 'Sys', 'Dia', 'Puls', 'Gewicht'],
  rows: [['06/07/2023', '10:43', '128', '82', '70', '71,5']],
  mapping: {
    delimiter: ';',
    date: 0,
    time: 1,
    systolic: 2,
    diastolic: 3,
    heartRate: 4,
    weight: 5,
    bloodSugar: null,
    notes: null,
    weightUnit: 'kg',
    bloodSugarUnit: 'mg/dL',
    dateOrder: 'dmy',
  },
  remembered: true,
};

describe('the spreadsheet mapping', () => {
  it("starts from the server's mapping, and sends it back unchanged", () => {
    const values = initialMappingValues(sniff);
    expect(values).toMatchObject({ date: '0', time: '1', systolic: '2', bloodSugar: NOT_IN_FILE, dateOrder: 'dmy', weightUnit: 'kg' });
    expect(validateMapping(values)).toEqual({});
    expect(toMappingDto(values, delimiterOf(sniff))).toEqual(sniff.mapping);
  });

  it('starts with nothing chosen without a mapping, the time in the date column', () => {
    const values = initialMappingValues({ ...sniff, mapping: null });
    expect(values).toEqual({
      date: NOT_IN_FILE,
      time: IN_DATE_COLUMN,
      systolic: NOT_IN_FILE,
      diastolic: NOT_IN_FILE,
      heartRate: NOT_IN_FILE,
      weight: NOT_IN_FILE,
      bloodSugar: NOT_IN_FILE,
      notes: NOT_IN_FILE,
      weightUnit: 'lbs',
      bloodSugarUnit: 'mg/dL',
      dateOrder: 'mdy',
    });
    expect(validateMapping(values)).toEqual({ date: MSG_DATE_REQUIRED, measures: MSG_MEASURE_REQUIRED });
    expect(delimiterOf({ ...sniff, mapping: null })).toBe(';');
    expect(delimiterOf({ ...sniff, mapping: null, delimiter: null })).toBe(',');
  });

  it('needs the date and one measurement, any one', () => {
    const none = initialMappingValues({ ...sniff, mapping: null });
    expect(validateMapping({ ...none, date: '0', bloodSugar: '3' })).toEqual({});
    expect(validateMapping({ ...none, bloodSugar: '3' })).toEqual({ date: MSG_DATE_REQUIRED });
    // Notes alone are not a reading.
    expect(validateMapping({ ...none, date: '0', notes: '2' })).toEqual({ measures: MSG_MEASURE_REQUIRED });
  });

  it('sends the time in the date column as null', () => {
    const values = { ...initialMappingValues(sniff), time: IN_DATE_COLUMN };
    expect(toMappingDto(values, ';').time).toBeNull();
  });

  it('names columns as a spreadsheet does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
