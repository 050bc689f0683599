import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { readingSchema, type ReadingFormValues } from './schema';

const base: ReadingFormValues = {
  date: '2026-11-20',
  time: '08:30',
  systolic: '',
  diastolic: '',
  heartRate: '',
  weight: '',
  bloodSugar: '',
  notes: '',
  setting: 'home',
};

async function errorFor(values: Partial<ReadingFormValues>, units: ['lbs' | 'kg', 'mg/dL' | 'mmol/L'] = ['lbs', 'mg/dL']) {
  try {
    await readingSchema(units[0], units[1], () => new Date(2026, 10, 22, 18, 0, 30)).validate({ ...base, ...values }, { abortEarly: false });
    return {};
  } catch (error) {
    const out: Record<string, string> = {};
    if (error instanceof ValidationError) for (const e of error.inner) if (e.path && !out[e.path]) out[e.path] = e.message;
    return out;
  }
}

describe('reading form rules', () => {
  it('requires date and time', async () => {
    expect(await errorFor({ date: '', time: '' })).toEqual({ date: 'Date is required', time: 'Time is required' });
  });

  it('refuses a date in the future', async () => {
    expect((await errorFor({ date: '2026-11-23' })).date).toBe('Date cannot be in the future');
    expect((await errorFor({ date: '2026-11-22' })).date).toBeUndefined();
  });

  it('refuses a time later today, to the minute (issue 14.12)', async () => {
    // "Now" is 2026-11-22 18:00:30 local time.
    expect((await errorFor({ date: '2026-11-22', time: '21:40' })).time).toBe('Time cannot be in the future');
    expect((await errorFor({ date: '2026-11-22', time: '18:01' })).time).toBe('Time cannot be in the future');
    expect((await errorFor({ date: '2026-11-22', time: '18:00' })).time).toBeUndefined();
    expect((await errorFor({ date: '2026-11-21', time: '23:59' })).time).toBeUndefined();
  });

  it.each([
    ['systolic', 'Systolic', 70, 250],
    ['diastolic', 'Diastolic', 40, 150],
    ['heartRate', 'Heart rate', 40, 220],
    ['weight', 'Weight', 50, 500],
    ['bloodSugar', 'Blood sugar', 40, 400],
  ] as const)('%s: %s allows %i and %i, refuses one beyond', async (field, name, min, max) => {
    expect((await errorFor({ [field]: String(min) }))[field]).toBeUndefined();
    expect((await errorFor({ [field]: String(max) }))[field]).toBeUndefined();
    expect((await errorFor({ [field]: String(min - 1) }))[field]).toBe(`${name} must be at least ${min}`);
    expect((await errorFor({ [field]: String(max + 1) }))[field]).toBe(`${name} must be less than ${max}`);
  });

  it('wants diastolic below systolic, as the server does (equal is refused too)', async () => {
    const message = 'Diastolic must be lower than systolic';
    expect((await errorFor({ systolic: '90', diastolic: '140' })).diastolic).toBe(message);
    expect((await errorFor({ systolic: '120', diastolic: '120' })).diastolic).toBe(message);
    expect((await errorFor({ systolic: '140', diastolic: '90' })).diastolic).toBeUndefined();
    expect((await errorFor({ diastolic: '140' })).diastolic).toBeUndefined();
  });

  it('has the exact systolic messages at 69 and 251', async () => {
    expect((await errorFor({ systolic: '69' })).systolic).toBe('Systolic must be at least 70');
    expect((await errorFor({ systolic: '251' })).systolic).toBe('Systolic must be less than 250');
  });

  it('checks weight and blood sugar in the user unit', async () => {
    const metric: ['kg', 'mmol/L'] = ['kg', 'mmol/L'];
    expect((await errorFor({ weight: '22.7' }, metric)).weight).toBeUndefined();
    expect((await errorFor({ weight: '226.8' }, metric)).weight).toBeUndefined();
    expect((await errorFor({ weight: '22.6' }, metric)).weight).toBe('Weight must be at least 22.7');
    expect((await errorFor({ weight: '226.9' }, metric)).weight).toBe('Weight must be less than 226.8');
    expect((await errorFor({ bloodSugar: '2.2' }, metric)).bloodSugar).toBeUndefined();
    expect((await errorFor({ bloodSugar: '22.2' }, metric)).bloodSugar).toBeUndefined();
    expect((await errorFor({ bloodSugar: '2.1' }, metric)).bloodSugar).toBe('Blood sugar must be at least 2.2');
    expect((await errorFor({ bloodSugar: '22.3' }, metric)).bloodSugar).toBe('Blood sugar must be less than 22.2');
  });

  it('wants whole numbers for blood pressure and heart rate, decimals for weight', async () => {
    expect((await errorFor({ heartRate: '70.5' })).heartRate).toBe('Heart rate must be a whole number');
    expect((await errorFor({ weight: '160.5' })).weight).toBeUndefined();
  });
});
