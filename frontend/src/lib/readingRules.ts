/**
 * The reading rules' one source, `crates/readings/rules.json`, imported at build time: the
 * server's build script makes its Rust constants from the same file, so the spec's ranges
 * (canonical units), messages and blood pressure thresholds cannot drift apart.
 */
import rules from '../../../crates/readings/rules.json';

/** An inclusive range, in canonical units. */
export interface CanonicalRange {
  min: number;
  max: number;
}

export type RangeField = keyof typeof rules.ranges;

/** Fixed messages, word for word from the spec (section 5) and the server. */
export const RULE_MESSAGES = rules.messages;

export const NOTES_MAX: number = rules.notesMax;

/** A measure's name in messages ('Heart rate') and its range (canonical units). */
export function rangeOf(field: RangeField): CanonicalRange & { name: string; whole: boolean } {
  const { name, min, max, whole } = rules.ranges[field];
  return { name, min, max, whole };
}

/** A range message ('{name} must be at least {min}') with its placeholders filled in. */
export function rangeMessage(template: string, name: string, range: CanonicalRange): string {
  return template.replace('{name}', name).replace('{min}', String(range.min)).replace('{max}', String(range.max));
}

/** The guidelines a person can choose (Profile → Preferences), the first the default. */
export type GuidelineCode = 'acc-aha-2025' | 'esh-2023' | 'esc-2024';

/**
 * One office category of a guideline, lowest first. A category either number reaches alone
 * has both `from` thresholds; one with `diastolicBelow` is a combination (ESH's isolated
 * systolic hypertension). `tone` 0-4 is how strongly it is coloured.
 */
export interface CategoryRule {
  code: string;
  label: string;
  /** For narrow places ("Grade 1"). */
  short: string;
  rule: string;
  systolicFrom: number | null;
  diastolicFrom: number | null;
  diastolicBelow: number | null;
  tone: number;
  alert: boolean;
}

/** A home average level of a guideline (the server chooses it; the texts are here too). */
export interface HomeLevelRule {
  code: string;
  label: string;
  systolicFrom: number | null;
  diastolicFrom: number | null;
  text: string;
}

/** Everything one guideline says (rules.json `guidelines[]`); never mixed with another's. */
export interface GuidelineRules {
  code: GuidelineCode;
  /** "ACC/AHA 2025". */
  name: string;
  title: string;
  source: string;
  categories: ReadonlyArray<CategoryRule>;
  severe: { systolicFrom: number; diastolicFrom: number; title: string; summary: string; source: string };
  home: { source: string; levels: ReadonlyArray<HomeLevelRule> };
  patterns: { officeFrom: readonly number[]; homeFrom: readonly number[]; source: string };
}

export const GUIDELINES = rules.guidelines as ReadonlyArray<GuidelineRules>;

function firstGuideline(): GuidelineRules {
  const first = GUIDELINES[0];
  // rules.json is part of the build; the server's build script refuses it without guidelines.
  if (!first) throw new Error('rules.json lists no guideline');
  return first;
}

/** The default guideline's rules (the first in rules.json). */
export const DEFAULT_GUIDELINE: GuidelineRules = firstGuideline();

/**
 * The 7-day home average (ESH 2023; AHA/AMA 2020; ACC/AHA 2025 Table 7): how many days a
 * week has, how many days beyond day 1 and how many readings from day 2 on are needed before
 * an average is given (3 and 12, the AHA's minimum), and the texts that go with
 * every result: its `source` and the `note` that it is not a diagnosis. The level of an
 * average (its label and text) is the server's choice and comes with the week.
 */
export interface HomeWeekRules {
  days: number;
  minDays: number;
  minReadings: number;
  source: string;
  note: string;
}

export const HOME_WEEK_RULES: HomeWeekRules = {
  days: rules.homeWeek.days,
  minDays: rules.homeWeek.minDays,
  minReadings: rules.homeWeek.minReadings,
  source: rules.homeWeek.source,
  note: rules.homeWeek.note,
};

/**
 * The guided measurement (ESH 2023, AHA/ACC 2017): the preparation checklist, the rest and
 * the pause between readings (seconds), how many readings, and where the morning begins and
 * ends (HH:MM, the user's local time; the server assigns the period by the same times).
 */
export interface GuidedRules {
  minReadings: number;
  maxReadings: number;
  restSeconds: number;
  betweenSeconds: number;
  morningFrom: string;
  eveningFrom: string;
  checklist: ReadonlyArray<string>;
}

export const GUIDED: GuidedRules = rules.guided;

/**
 * What to do about a very high reading: the American Heart Association's steps. Which
 * reading is very high, and the panel's title and source, are each guideline's (`severe`).
 */
export const SEVERE_STEPS: ReadonlyArray<string> = rules.severe.steps;
