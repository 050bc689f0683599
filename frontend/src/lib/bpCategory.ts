/**
 * Blood pressure categories (2017 ACC/AHA): codes, labels and rules from the shared
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
 * A very high reading (above 180 systolic or 120 diastolic): the hypertensive-crisis
 * category, the server's `severe` rule. For numbers not yet saved; a saved reading carries
 * the server's `severe`.
 */
export function isSevere(systolic: number, diastolic: number): boolean {
  return classifyBp(systolic, diastolic) === 'hypertensive-crisis';
}

/** The preview's category of typed numbers, when both are there. */
export function readingBpCategory(values: { systolic: number | null; diastolic: number | null }): BpCategory | null {
  if (values.systolic === null || values.diastolic === null) return null;
  return classifyBp(values.systolic, values.diastolic);
}

export function bpCategoryLabel(code: BpCategory): string {
  return BP_CATEGORIES.find((c) => c.code === code)?.label ?? code;
}

/** The note every category display carries: information, not a diagnosis. */
export const BP_CATEGORY_NOTE =
  'Blood pressure category from the 2017 ACC/AHA guideline, for information only, not a diagnosis. Talk to your doctor about your readings.';
