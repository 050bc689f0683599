import { bpCategoryLabel, readingBpCategory } from '../lib/bpCategory';
import type { Reading } from '../lib/readings';

/**
 * A reading as the server sends it: `bpCategory` filled in from its numbers, as the server
 * does (`readings::BpCategory`, the same thresholds in `rules.json`). Test fixtures are
 * written as numbers; the client shows the category the server sent.
 */
export function served(reading: Reading): Reading {
  const code = readingBpCategory(reading);
  return { ...reading, bpCategory: code === null ? null : { code, label: bpCategoryLabel(code) } };
}
