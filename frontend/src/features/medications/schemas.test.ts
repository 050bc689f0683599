import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { emptyMedication } from './components/MedicationForm';
import {
  changeDoseSchema,
  medicationMessages,
  medicationRequestOf,
  medicationSchema,
  stopSchema,
  type MedicationValues,
} from './schemas';

/** The messages of every invalid field, by field. */
function errorsOf(values: Partial<MedicationValues>): Record<string, string> {
  try {
    medicationSchema().validateSync({ ...valid(), ...values }, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    // Formik shows each field's first message.
    const out: Record<string, string> = {};
    for (const e of error.inner) out[e.path ?? ''] ??= e.message;
    return out;
  }
}

function valid(): MedicationValues {
  return { ...emptyMedication(new Date(2026, 2, 2)), name: 'Amlodipine', strength: '5' };
}

describe('the Add medication form', () => {
  it('accepts a complete medication and sends it as the API takes it (numbers, sorted times, nulls)', () => {
    expect(errorsOf({})).toEqual({});
    const request = medicationRequestOf({
      ...valid(),
      name: '  Metoprolol ',
      strength: '12.5',
      frequency: 'twice-daily',
      times: ['20:00', '07:30'],
      reason: '   ',
    });
    expect(request).toEqual({
      name: 'Metoprolol',
      form: 'tablet',
      strength: 12.5,
      unit: 'mg',
      frequency: 'twice-daily',
      times: ['07:30', '20:00'],
      startDate: '2026-03-02',
      endDate: null,
      reason: null,
      reminders: false,
      forBloodPressure: false,
    });
    expect(medicationRequestOf({ ...valid(), forBloodPressure: true }).forBloodPressure).toBe(true);
  });

  it('needs a name of at most 100 characters', () => {
    expect(errorsOf({ name: '  ' })).toEqual({ name: medicationMessages.nameRequired });
    expect(errorsOf({ name: 'a'.repeat(100) })).toEqual({});
    expect(errorsOf({ name: 'a'.repeat(101) })).toEqual({ name: medicationMessages.nameMax });
  });

  it('needs a positive strength', () => {
    for (const strength of ['', '0', '-5', 'abc', 'Infinity', '100001']) {
      expect(errorsOf({ strength })).toEqual({ strength: medicationMessages.strength });
    }
    expect(errorsOf({ strength: '0.25' })).toEqual({});
    expect(errorsOf({ strength: '100000' })).toEqual({});
  });

  it('takes only the known units, forms and frequencies', () => {
    expect(errorsOf({ unit: 'kg' })).toEqual({ unit: medicationMessages.unitRequired });
    expect(errorsOf({ form: 'pill' })).toEqual({ form: medicationMessages.formRequired });
    expect(errorsOf({ frequency: 'hourly', times: [] })).toEqual({ frequency: medicationMessages.frequencyRequired });
  });

  it("needs as many valid, different times as the frequency takes (none when as needed), in the server's words", () => {
    expect(errorsOf({ frequency: 'twice-daily', times: ['08:00'] })).toEqual({ times: 'Give 2 times of day' });
    expect(errorsOf({ frequency: 'twice-daily', times: ['08:00', ''] })).toEqual({ times: 'Give 2 times of day' });
    expect(errorsOf({ frequency: 'twice-daily', times: ['08:00', '08:00'] })).toEqual({ times: medicationMessages.timesDistinct });
    expect(errorsOf({ frequency: 'three-times-daily', times: ['08:00', '14:00', '20:00'] })).toEqual({});
    expect(errorsOf({ frequency: 'weekly', times: ['08:00'] })).toEqual({});
    expect(errorsOf({ frequency: 'weekly', times: [''] })).toEqual({ times: 'Give 1 time of day' });
    expect(errorsOf({ frequency: 'once-daily', times: ['24:00'] })).toEqual({ times: medicationMessages.timeFormat });
    expect(errorsOf({ frequency: 'as-needed', times: [] })).toEqual({});
    expect(errorsOf({ frequency: 'as-needed', times: ['08:00'] })).toEqual({ times: 'An as-needed medication has no dose times' });
  });

  it('needs a real start date, and an end date (optional) not before it', () => {
    expect(errorsOf({ startDate: '' })).toEqual({ startDate: medicationMessages.startRequired });
    expect(errorsOf({ startDate: '2026-02-30' })).toEqual({ startDate: medicationMessages.dateInvalid });
    expect(errorsOf({ endDate: '2026-03-01' })).toEqual({ endDate: medicationMessages.endBeforeStart });
    expect(errorsOf({ endDate: '2026-03-02' })).toEqual({});
    expect(errorsOf({ endDate: '2026-13-01' })).toEqual({ endDate: medicationMessages.dateInvalid });
  });

  it('keeps the reason to 500 characters', () => {
    expect(errorsOf({ reason: 'x'.repeat(500) })).toEqual({});
    expect(errorsOf({ reason: 'x'.repeat(501) })).toEqual({ reason: medicationMessages.reasonMax });
  });
});

describe('the Change dose and Stop taking forms', () => {
  const change = { strength: '20', unit: 'mg', frequency: 'once-daily', times: ['08:00'] };

  it('starts a change after the current dose started', () => {
    const schema = changeDoseSchema('2026-05-02');
    expect(() => schema.validateSync({ ...change, startDate: '2026-05-02' })).toThrow(medicationMessages.changeNotAfter);
    expect(() => schema.validateSync({ ...change, startDate: '2026-04-30' })).toThrow(medicationMessages.changeNotAfter);
    expect(schema.validateSync({ ...change, startDate: '2026-05-03' }).startDate).toBe('2026-05-03');
    expect(() => schema.validateSync({ ...change, strength: '0', startDate: '2026-05-03' })).toThrow(medicationMessages.strength);
  });

  it('stops on a real date not before the dose started', () => {
    expect(() => stopSchema('2026-05-02').validateSync({ endDate: '2026-05-01' })).toThrow(medicationMessages.endBeforeStart);
    expect(() => stopSchema('2026-05-02').validateSync({ endDate: 'soon' })).toThrow(medicationMessages.dateInvalid);
    expect(stopSchema('2026-05-02').validateSync({ endDate: '2026-05-02' })).toEqual({ endDate: '2026-05-02' });
  });
});
