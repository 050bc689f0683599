import { describe, expect, it } from 'vitest';
import {
  bloodSugarInputValue,
  bloodSugarRange,
  bloodSugarToCanonical,
  canonicalFromInput,
  formatBloodSugar,
  formatWeight,
  kgToLbs,
  lbsToKg,
  mgdlToMmol,
  mmolToMgdl,
  weightInputValue,
  weightRange,
  weightToCanonical,
} from './units';

describe('unit conversion', () => {
  it('uses 1 lb = 0.45359237 kg and 1 mmol/L = 18.016 mg/dL', () => {
    expect(lbsToKg(1)).toBe(0.45359237);
    expect(kgToLbs(0.45359237)).toBeCloseTo(1, 12);
    expect(mmolToMgdl(1)).toBe(18.016);
    expect(mgdlToMmol(18.016)).toBeCloseTo(1, 12);
  });

  it('round-trips a value typed in kg or mmol/L to the same displayed text', () => {
    for (const kg of ['22.7', '55.5', '72.3', '80', '101.9', '226.8']) {
      const lbs = weightToCanonical(Number(kg), 'kg');
      expect(weightInputValue(lbs, 'kg')).toBe(kg);
    }
    for (const mmol of ['2.2', '3.9', '5.6', '7.1', '11', '22.2']) {
      const mgdl = bloodSugarToCanonical(Number(mmol), 'mmol/L');
      expect(bloodSugarInputValue(mgdl, 'mmol/L')).toBe(mmol);
    }
    for (const lbs of ['50', '165.4', '500']) {
      expect(weightInputValue(weightToCanonical(Number(lbs), 'lbs'), 'lbs')).toBe(lbs);
    }
  });

  it('converts the canonical ranges for the user unit (50-500 lbs = 22.7-226.8 kg)', () => {
    expect(weightRange('lbs')).toEqual({ min: 50, max: 500 });
    expect(weightRange('kg')).toEqual({ min: 22.7, max: 226.8 });
    expect(bloodSugarRange('mg/dL')).toEqual({ min: 40, max: 400 });
    expect(bloodSugarRange('mmol/L')).toEqual({ min: 2.2, max: 22.2 });
  });

  it('snaps converted bounds into the canonical range so the server accepts them', () => {
    expect(weightToCanonical(226.8, 'kg')).toBe(500);
    expect(weightToCanonical(22.7, 'kg')).toBeGreaterThanOrEqual(50);
    expect(bloodSugarToCanonical(2.2, 'mmol/L')).toBe(40);
    expect(bloodSugarToCanonical(22.2, 'mmol/L')).toBeLessThanOrEqual(400);
    expect(weightToCanonical(230, 'kg')).toBeGreaterThan(500);
  });

  it('keeps the stored value when the displayed text was not changed (no drift)', () => {
    const stored = 165.3456;
    const shown = weightInputValue(stored, 'kg');
    expect(canonicalFromInput(shown, shown, stored, (v) => weightToCanonical(v, 'kg'))).toBe(stored);
    expect(canonicalFromInput('76', shown, stored, (v) => weightToCanonical(v, 'kg'))).toBe(weightToCanonical(76, 'kg'));
    expect(canonicalFromInput('  ', shown, stored, (v) => weightToCanonical(v, 'kg'))).toBeNull();
    // Saving many times never moves the value.
    let value = stored;
    for (let i = 0; i < 10; i += 1) {
      const text = weightInputValue(value, 'kg');
      value = canonicalFromInput(text, text, value, (v) => weightToCanonical(v, 'kg')) ?? 0;
    }
    expect(value).toBe(stored);
  });

  it('formats with the unit and fixed decimals', () => {
    expect(formatWeight(165.4, 'lbs')).toBe('165.4 lbs');
    expect(formatWeight(154.3236, 'kg')).toBe('70.0 kg');
    expect(formatBloodSugar(100.89, 'mg/dL')).toBe('101 mg/dL');
    expect(formatBloodSugar(100.89, 'mmol/L')).toBe('5.6 mmol/L');
  });
});

describe('whole mmHg (issue 36)', () => {
  it('rounds once, half away from zero, and pairs systolic/diastolic', async () => {
    const { formatMmHg, formatBpPair } = await import('./units');
    expect(formatMmHg(131.7)).toBe('132');
    expect(formatMmHg(84.2)).toBe('84');
    expect(formatMmHg(129.5)).toBe('130');
    expect(formatMmHg(-0.4)).toBe('0');
    expect(formatBpPair(131.7, 84.2)).toBe('132/84');
  });
});
