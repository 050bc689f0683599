import { bpCategoryLabel, isFloor, readingBpCategory } from '../lib/bpCategory';
import type { Reading } from '../lib/readings';

/** A reading as a test writes it: the numbers, and a session when it has one. */
export type ReadingFixture = Omit<Reading, 'bpCategory' | 'severe' | 'session'> &
  Partial<Pick<Reading, 'bpCategory' | 'severe' | 'session'>>;

/**
 * A reading as the server sends it: `bpCategory` and `severe` filled in from its numbers,
 * as the server does (`readings::BpCategory` and `readings::severe`, the same thresholds in
 * `rules.json`: severe is the Hypertensive Crisis category), and no session unless given.
 * Test fixtures are written as numbers; the client shows what the server sent.
 */
export function served(reading: ReadingFixture): Reading {
  const code = readingBpCategory(reading);
  return {
    ...reading,
    bpCategory:
      code === null ? null : { code, label: bpCategoryLabel(code), atLeast: isFloor(code, reading.systolic, reading.diastolic) },
    severe: code === 'hypertensive-crisis',
    session: reading.session ?? null,
  };
}
