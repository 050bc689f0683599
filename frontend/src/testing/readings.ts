import { DEFAULT_GUIDELINE, type GuidelineRules } from '../lib/readingRules';
import { isSevere, readingBpCategory } from '../features/readings/model/bpCategory';
import type { Reading } from '../features/readings/api/readings';

/** A reading as a test writes it: the numbers, and a session when it has one. */
type Defaulted = 'bpCategory' | 'severe' | 'session' | 'setting' | 'source' | 'device' | 'flags' | 'original';
export type ReadingFixture = Omit<Reading, Defaulted> & Partial<Pick<Reading, Defaulted>>;

/**
 * A reading as the server sends it: `bpCategory` and `severe` filled in from its numbers in
 * `guideline` (the default, ACC/AHA 2025, unless given), as the server does
 * (`readings::GuidelineRules`, the same rules in `rules.json`), no session and taken at
 * home and typed unless given.
 * Test fixtures are written as numbers; the client shows what the server sent.
 */
export function served(reading: ReadingFixture, guideline: GuidelineRules = DEFAULT_GUIDELINE): Reading {
  const category = readingBpCategory(guideline, reading);
  return {
    ...reading,
    bpCategory:
      category === null
        ? null
        : {
            code: category.rule.code,
            label: category.rule.label,
            guideline: guideline.code,
            guidelineName: guideline.name,
            atLeast: category.atLeast,
          },
    severe: isSevere(guideline, reading.systolic, reading.diastolic),
    session: reading.session ?? null,
    setting: reading.setting ?? 'home',
    source: reading.source ?? 'manual',
    device: reading.device ?? null,
    flags: reading.flags ?? [],
    original: reading.original ?? null,
  };
}
