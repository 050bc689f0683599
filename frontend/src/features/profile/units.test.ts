import { describe, expect, it } from 'vitest';
import { formatBloodPressure, formatBloodSugar, formatWeight } from './units';

describe('preview units', () => {
  it("shows stored lbs and mg/dL in the user's units", () => {
    expect(formatWeight(154.32, 'lbs')).toBe('154.3');
    expect(formatWeight(154.32, 'kg')).toBe('70');
    expect(formatWeight(165.4, 'kg')).toBe('75');
    expect(formatWeight(null, 'kg')).toBe('');
    expect(formatBloodSugar(96.93, 'mg/dL')).toBe('97');
    expect(formatBloodSugar(99, 'mmol/L')).toBe('5.5');
    expect(formatBloodSugar(null, 'mg/dL')).toBe('');
  });

  it('shows blood pressure as systolic/diastolic', () => {
    expect(formatBloodPressure(120, 80)).toBe('120/80');
    expect(formatBloodPressure(120, null)).toBe('120/–');
    expect(formatBloodPressure(null, null)).toBe('');
  });
});
