/**
 * Blood pressure categories (ACC/AHA 2017, unchanged in 2025): codes, labels and rules from the shared
 * `rules.json` (see `readingRules.ts`). A saved reading's category is the server's
 * (`bpCategory` in the readings API): read it with {@link categoryOf}. The client
 * classifies only numbers the server has not seen: the reading form's live preview of what
 * is typed before saving ({@link classifyBp}), with the same thresholds.
 */
import { BP_CATEGORY_RULES, type BpCategory } from './readingRules';

export type { BpCategory } from './readingRules';

export const BP_CATEGORIES: ReadonlyArray<{ code: BpCategory; label: string; rule: string }> = BP_CATEGORY_RULES;

function isBpCategory(code: string): code is BpCategory {
  return BP_CATEGORY_RULES.some((c) => c.code === code);
}

/** A saved reading's category as the server sent it (null without both numbers). */
export function categoryOf(reading: { bpCategory?: { code: string } | null }): BpCategory | null {
  const code = reading.bpCategory?.code;
  return code !== undefined && isBpCategory(code) ? code : null;
}

/**
 * The category of numbers not yet saved (the form's preview); when the two numbers
 * disagree, the higher category wins, as on the server (`readings::BpCategory::classify`).
 */
export function classifyBp(systolic: number, diastolic: number): BpCategory {
  const reaches = (from: number | null, value: number): boolean => from !== null && value >= from;
  const highest = [...BP_CATEGORY_RULES]
    .reverse()
    .find((c) => reaches(c.systolicFrom, systolic) || reaches(c.diastolicFrom, diastolic));
  return highest?.code ?? 'normal';
}

/**
 * The category of a reading that may hold one number only, as the server's
 * `readings::BpCategory::of`: a category whose rule gives a threshold for each number
 * ("systolic 130-139 or diastolic 80-89"; "and/or" for a crisis) is reached by either number
 * alone, so systolic 145 alone is at least Stage 2. Normal and Elevated need both ("and
 * diastolic below 80"): a lone lower number has no category.
 */
export function classifyOne(systolic: number | null, diastolic: number | null): BpCategory | null {
  if (systolic !== null && diastolic !== null) return classifyBp(systolic, diastolic);
  if (systolic === null && diastolic === null) return null;
  const reaches = (from: number | null, value: number | null): boolean => from !== null && value !== null && value >= from;
  const highest = [...BP_CATEGORY_RULES]
    .reverse()
    .find((c) => reaches(c.systolicFrom, systolic) || reaches(c.diastolicFrom, diastolic));
  return highest && highest.systolicFrom !== null && highest.diastolicFrom !== null ? highest.code : null;
}

/**
 * Whether a one-number category is a floor: the missing number could raise it (systolic 145
 * alone is Stage 2 or higher). A crisis is the top; with both numbers the category is exact.
 */
export function isFloor(category: BpCategory, systolic: number | null, diastolic: number | null): boolean {
  return (systolic === null || diastolic === null) && category !== 'hypertensive-crisis';
}

/**
 * A very high reading (above 180 systolic and/or 120 diastolic, either alone): the
 * hypertensive-crisis category, the server's `severe` rule. For numbers not yet saved; a
 * saved reading carries the server's `severe`.
 */
export function isSevere(systolic: number | null, diastolic: number | null): boolean {
  return classifyOne(systolic, diastolic) === 'hypertensive-crisis';
}

/** The category of typed or imported numbers, from one number where the guideline allows. */
export function readingBpCategory(values: { systolic: number | null; diastolic: number | null }): BpCategory | null {
  return classifyOne(values.systolic, values.diastolic);
}

export function bpCategoryLabel(code: BpCategory): string {
  return BP_CATEGORIES.find((c) => c.code === code)?.label ?? code;
}

/** The note every category display carries: information, not a diagnosis. */
export const BP_CATEGORY_NOTE =
  'Blood pressure category from the ACC/AHA guideline (2017, unchanged in 2025), for information only, not a diagnosis. Talk to your doctor about your readings.';
