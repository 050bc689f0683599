/**
 * Unit conversions and number formatting at the edges. Readings are stored in canonical
 * units (weight in lbs, blood sugar in mg/dL); forms, tables, charts and tooltips show the
 * user's preferred unit.
 */
import type { BloodSugarUnit, WeightUnit } from './preferences';
import { rangeOf, type CanonicalRange } from './readingRules';

export type { CanonicalRange } from './readingRules';

/** 1 lb in kg, exactly (international avoirdupois pound). */
export const KG_PER_LB = 0.45359237;
/** 1 mmol/L of glucose in mg/dL. */
export const MGDL_PER_MMOL = 18.016;

/** Decimal places the server keeps (weight in lbs, blood sugar in mg/dL). */
const CANONICAL_DECIMALS = { weight: 4, bloodSugar: 3 } as const;

/** Rounds half away from zero to `decimals` places. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor;
}

export const lbsToKg = (lbs: number): number => lbs * KG_PER_LB;
export const kgToLbs = (kg: number): number => kg / KG_PER_LB;
export const mgdlToMmol = (mgdl: number): number => mgdl / MGDL_PER_MMOL;
export const mmolToMgdl = (mmol: number): number => mmol * MGDL_PER_MMOL;

/** Decimal places shown for each unit (and the input step). */
export function weightDecimals(_unit: WeightUnit): number {
  return 1;
}

export function bloodSugarDecimals(unit: BloodSugarUnit): number {
  return unit === 'mmol/L' ? 1 : 0;
}

/**
 * Decimal places of a chart axis's tick labels in each unit: every tick of one axis shows
 * the same precision, on round values. Whole numbers, except mmol/L where one unit is a
 * large step (1 mmol/L = 18 mg/dL).
 */
export function weightTickDecimals(_unit: WeightUnit): number {
  return 0;
}

export function bloodSugarTickDecimals(unit: BloodSugarUnit): number {
  return unit === 'mmol/L' ? 1 : 0;
}

/** The `step` attribute of an input in this unit. */
export const weightStep = (unit: WeightUnit): string => (weightDecimals(unit) === 1 ? '0.1' : '1');
export const bloodSugarStep = (unit: BloodSugarUnit): string => (bloodSugarDecimals(unit) === 1 ? '0.1' : '1');

/** A canonical weight (lbs) in the user's unit, rounded for display. */
export function weightInUnit(lbs: number, unit: WeightUnit): number {
  return roundTo(unit === 'kg' ? lbsToKg(lbs) : lbs, weightDecimals(unit));
}

/** A canonical blood sugar (mg/dL) in the user's unit, rounded for display. */
export function bloodSugarInUnit(mgdl: number, unit: BloodSugarUnit): number {
  return roundTo(unit === 'mmol/L' ? mgdlToMmol(mgdl) : mgdl, bloodSugarDecimals(unit));
}

/** The number as shown, fixed decimals, so 70 kg reads '70.0' next to '70.4' (a column headed by the unit). */
export function formatWeightValue(lbs: number, unit: WeightUnit): string {
  return weightInUnit(lbs, unit).toFixed(weightDecimals(unit));
}

export function formatBloodSugarValue(mgdl: number, unit: BloodSugarUnit): string {
  return bloodSugarInUnit(mgdl, unit).toFixed(bloodSugarDecimals(unit));
}

/** '70.0 kg', '5.5 mmol/L': the value as shown, with its unit. */
export function formatWeight(lbs: number, unit: WeightUnit): string {
  return formatWeightIn(weightInUnit(lbs, unit), unit);
}

export function formatBloodSugar(mgdl: number, unit: BloodSugarUnit): string {
  return formatBloodSugarIn(bloodSugarInUnit(mgdl, unit), unit);
}

/** A weight already in `unit`, shown with it: '70.0 kg'. */
export function formatWeightIn(value: number, unit: WeightUnit): string {
  return `${value.toFixed(weightDecimals(unit))} ${unit}`;
}

/** A blood sugar already in `unit`, shown with it: '5.5 mmol/L', '98 mg/dL'. */
export function formatBloodSugarIn(value: number, unit: BloodSugarUnit): string {
  return `${value.toFixed(bloodSugarDecimals(unit))} ${unit}`;
}

/** The input's text for a canonical value ('' for none). */
export function weightInputValue(lbs: number | null, unit: WeightUnit): string {
  return lbs === null ? '' : weightInUnit(lbs, unit).toFixed(weightDecimals(unit)).replace(/\.0$/, '');
}

export function bloodSugarInputValue(mgdl: number | null, unit: BloodSugarUnit): string {
  return mgdl === null ? '' : bloodSugarInUnit(mgdl, unit).toFixed(bloodSugarDecimals(unit)).replace(/\.0$/, '');
}

/** The spec's canonical ranges (section 9), from the shared rules. */
export const WEIGHT_RANGE_LBS: CanonicalRange = rangeOf('weight');
export const BLOOD_SUGAR_RANGE_MGDL: CanonicalRange = rangeOf('bloodSugar');

/** The weight range in the user's unit, rounded like the display (50-500 lbs = 22.7-226.8 kg). */
export function weightRange(unit: WeightUnit): CanonicalRange {
  return {
    min: weightInUnit(WEIGHT_RANGE_LBS.min, unit),
    max: weightInUnit(WEIGHT_RANGE_LBS.max, unit),
  };
}

/** The blood sugar range in the user's unit (40-400 mg/dL = 2.2-22.2 mmol/L). */
export function bloodSugarRange(unit: BloodSugarUnit): CanonicalRange {
  return {
    min: bloodSugarInUnit(BLOOD_SUGAR_RANGE_MGDL.min, unit),
    max: bloodSugarInUnit(BLOOD_SUGAR_RANGE_MGDL.max, unit),
  };
}

function snap(value: number, range: CanonicalRange): number {
  return Math.min(range.max, Math.max(range.min, value));
}

/**
 * A weight typed in the user's unit, as the canonical lbs to send. A value inside the
 * displayed range is snapped into 50-500 lbs, so 226.8 kg (500.009 lbs) is accepted as 500.
 */
export function weightToCanonical(value: number, unit: WeightUnit): number {
  const lbs = unit === 'kg' ? kgToLbs(value) : value;
  const range = weightRange(unit);
  const inRange = value >= range.min && value <= range.max;
  return roundTo(inRange ? snap(lbs, WEIGHT_RANGE_LBS) : lbs, CANONICAL_DECIMALS.weight);
}

/** A blood sugar typed in the user's unit, as the canonical mg/dL to send (snapped likewise). */
export function bloodSugarToCanonical(value: number, unit: BloodSugarUnit): number {
  const mgdl = unit === 'mmol/L' ? mmolToMgdl(value) : value;
  const range = bloodSugarRange(unit);
  const inRange = value >= range.min && value <= range.max;
  return roundTo(inRange ? snap(mgdl, BLOOD_SUGAR_RANGE_MGDL) : mgdl, CANONICAL_DECIMALS.bloodSugar);
}

/**
 * The canonical value to send for an edited field: the stored value itself when the text
 * shown in the form was not changed (so saving again never drifts), otherwise the typed
 * value converted. `null` for an empty field.
 */
export function canonicalFromInput(
  text: string,
  initialText: string,
  original: number | null,
  toCanonical: (value: number) => number,
): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (original !== null && trimmed === initialText.trim()) return original;
  return toCanonical(Number(trimmed));
}

/**
 * A blood pressure value as people and clinicians read it: whole mmHg (issue 36), rounded
 * once, here, at display, half away from zero like the server's `kernel::display::mmhg`.
 * Comparisons with thresholds use the unrounded value, never this text.
 */
export function formatMmHg(value: number): string {
  const whole = Math.sign(value) * Math.round(Math.abs(value));
  return String(whole === 0 ? 0 : whole);
}

/** A blood pressure pair in whole mmHg, "132/84" (see formatMmHg). */
export const formatBpPair = (systolic: number, diastolic: number): string => `${formatMmHg(systolic)}/${formatMmHg(diastolic)}`;
