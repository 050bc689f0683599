import type { BloodSugarUnit, WeightUnit } from '../../lib/preferences';

/** 1 lb in kg, exactly (the server's factor). */
const KG_PER_LB = 0.45359237;
/** 1 mmol/L of glucose in mg/dL (the server's factor). */
const MGDL_PER_MMOL = 18.016;

/** Rounds to at most `decimals` places and drops trailing zeros (`72.50` -> `72.5`). */
function trimmed(value: number, decimals: number): string {
  return String(Number(value.toFixed(decimals)));
}

/** A weight stored in lbs, as a number in the user's unit (one decimal at most). */
export function formatWeight(lbs: number | null, unit: WeightUnit): string {
  if (lbs === null) return '';
  return unit === 'kg' ? trimmed(lbs * KG_PER_LB, 1) : trimmed(lbs, 1);
}

/** A blood sugar stored in mg/dL, as a number in the user's unit (mg/dL whole, mmol/L one decimal). */
export function formatBloodSugar(mgdl: number | null, unit: BloodSugarUnit): string {
  if (mgdl === null) return '';
  return unit === 'mmol/L' ? trimmed(mgdl / MGDL_PER_MMOL, 1) : trimmed(mgdl, 0);
}

/** `systolic/diastolic`, or whichever half is there. */
export function formatBloodPressure(systolic: number | null, diastolic: number | null): string {
  if (systolic === null && diastolic === null) return '';
  return `${systolic ?? '–'}/${diastolic ?? '–'}`;
}
