/**
 * Blood pressure categories in the person's guideline (ACC/AHA 2025, ESH 2023 or ESC 2024):
 * each guideline's categories, severe rule and words come from the shared `rules.json`
 * (see `lib/readingRules.ts`), never mixed. A saved reading's category is the server's
 * (`bpCategory` in the readings API, naming its guideline): read it with {@link categoryOf}.
 * The client classifies only numbers the server has not seen (the reading form's preview,
 * a guided measurement, a queued or imported reading), with the same rules as the server's
 * `readings::GuidelineRules`.
 */
import { DEFAULT_GUIDELINE, GUIDELINES, rangeOf, type CategoryRule, type GuidelineRules } from '../../../lib/readingRules';
import { usePreferences } from '../../../lib/preferences';

export type { CategoryRule, GuidelineCode, GuidelineRules } from '../../../lib/readingRules';

/** A reading's category and whether it is a floor (one number recorded: "Stage 2 or higher"). */
export interface Category {
  rule: CategoryRule;
  atLeast: boolean;
  guideline: GuidelineRules;
}

/** The rules of a guideline code; the default guideline for an unknown one. */
export function guidelineOf(code: string | null | undefined): GuidelineRules {
  return GUIDELINES.find((g) => g.code === code) ?? DEFAULT_GUIDELINE;
}

/** The guideline of the signed-in person's preferences (the default until they load). */
export function useGuideline(): GuidelineRules {
  return guidelineOf(usePreferences().preferences.guideline);
}

const graded = (c: CategoryRule): boolean => c.diastolicBelow === null;

/**
 * The category of both numbers: the highest grade either number reaches (the higher number
 * wins), unless a combination holds (ESH: systolic 140 or more with diastolic below 90).
 */
export function classifyBp(g: GuidelineRules, systolic: number, diastolic: number): CategoryRule {
  const combination = g.categories.find(
    (c) => c.diastolicBelow !== null && diastolic < c.diastolicBelow && c.systolicFrom !== null && systolic >= c.systolicFrom,
  );
  if (combination) return combination;
  const reaches = (from: number | null, value: number): boolean => from !== null && value >= from;
  const highest = [...g.categories]
    .reverse()
    .find((c) => graded(c) && (reaches(c.systolicFrom, systolic) || reaches(c.diastolicFrom, diastolic)));
  return highest ?? lowest(g);
}

/** A guideline's lowest category (where a reading reaching no threshold falls). */
function lowest(g: GuidelineRules): CategoryRule {
  const first = g.categories[0];
  // rules.json is part of the build; the server's build script refuses a guideline without categories.
  if (!first) throw new Error(`rules.json: ${g.code} has no categories`);
  return first;
}

/**
 * The category of a reading that may hold one number only, as the server's
 * `GuidelineRules::category`: every value the other number could take (within its range,
 * diastolic below systolic) is tried; a floor is stated only when every outcome is it or a
 * grade above it and it is a category either number reaches alone ("or"). Systolic 145 alone
 * is "Stage 2 or higher" (ACC/AHA); systolic 125 alone has none.
 */
export function classifyOne(g: GuidelineRules, systolic: number | null, diastolic: number | null): Category | null {
  if (systolic !== null && diastolic !== null) return { rule: classifyBp(g, systolic, diastolic), atLeast: false, guideline: g };
  if (systolic === null && diastolic === null) return null;
  const sys = rangeOf('systolic');
  const dia = rangeOf('diastolic');
  const possible = new Set<CategoryRule>();
  if (systolic !== null) {
    for (let d = dia.min; d <= Math.min(dia.max, systolic - 1); d += 1) possible.add(classifyBp(g, systolic, d));
  } else if (diastolic !== null) {
    for (let s = Math.max(sys.min, diastolic + 1); s <= sys.max; s += 1) possible.add(classifyBp(g, s, diastolic));
  }
  const rank = (c: CategoryRule): number => g.categories.indexOf(c);
  const floor = [...possible]
    .filter((c) => graded(c) && c.systolicFrom !== null && c.diastolicFrom !== null)
    .sort((a, b) => rank(a) - rank(b))[0];
  if (!floor) return null;
  const above = (c: CategoryRule): boolean => (graded(c) ? rank(c) > rank(floor) : c.tone > floor.tone);
  if (![...possible].every((c) => c === floor || above(c))) return null;
  return { rule: floor, atLeast: possible.size > 1, guideline: g };
}

/** Either number alone reaching the guideline's severe threshold (the server's `severe`). */
export function isSevere(g: GuidelineRules, systolic: number | null, diastolic: number | null): boolean {
  return (systolic !== null && systolic >= g.severe.systolicFrom) || (diastolic !== null && diastolic >= g.severe.diastolicFrom);
}

/** A saved reading's category as the server sent it, in the guideline it names. */
export function categoryOf(reading: {
  bpCategory?: { code: string; guideline: string; atLeast: boolean } | null;
}): Category | null {
  const sent = reading.bpCategory;
  if (!sent) return null;
  const guideline = guidelineOf(sent.guideline);
  const rule = guideline.categories.find((c) => c.code === sent.code);
  return rule ? { rule, atLeast: sent.atLeast, guideline } : null;
}

/** The category of typed, queued or imported numbers, from one number where the guideline allows. */
export function readingBpCategory(
  g: GuidelineRules,
  values: { systolic: number | null; diastolic: number | null },
): Category | null {
  return classifyOne(g, values.systolic, values.diastolic);
}

/** "Stage 2", "Stage 2 or higher". */
export function categoryLabel(c: Category): string {
  return c.atLeast ? `${c.rule.label} or higher` : c.rule.label;
}

/** What a badge shows: the short label ("Grade 1", "Isolated systolic"), "or higher" for a floor. */
export function categoryBadgeText(c: Category): string {
  return c.atLeast ? `${c.rule.short} or higher` : c.rule.short;
}

/** "Stage 1 (ACC/AHA 2025)": a category with the guideline it is stated in. */
export function categoryName(c: Category): string {
  return `${categoryLabel(c)} (${c.guideline.name})`;
}

/** The note every category display carries: which guideline, information, not a diagnosis. */
export function categoryNote(g: GuidelineRules): string {
  return `Blood pressure categories of the ${g.name} guideline, for information only, not a diagnosis. Talk to your doctor about your readings.`;
}

/**
 * Where the guideline places high blood pressure on home readings (`patterns.homeFrom`,
 * with its source): ACC/AHA 2025 130/80 (Table 9), ESH 2023 and ESC 2024 135/85. A line on a
 * chart of home readings, never a diagnosis.
 */
export function homeThreshold(g: GuidelineRules): { systolic: number; diastolic: number; source: string } {
  const [systolic = Number.NaN, diastolic = Number.NaN] = g.patterns.homeFrom;
  return { systolic, diastolic, source: g.patterns.source };
}
