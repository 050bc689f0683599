import { describe, expect, it } from 'vitest';
import { trendTicks } from './trendAxis';

const at = (y: number, m: number, d: number): number => new Date(y, m - 1, d).getTime();

describe('the Trends time axis', () => {
  it('has day ticks for short spans, with no year inside one year', () => {
    const ticks = trendTicks(at(2026, 11, 22), at(2026, 11, 29));
    // The window ends at the midnight after 11/28: the last label is its last day.
    expect(ticks.map((t) => t.label)).toEqual(['11/22', '11/23', '11/24', '11/25', '11/26', '11/27', '11/28']);
  });

  it('puts the year under the first tick and the first of each new year when the span crosses one', () => {
    const ticks = trendTicks(at(2025, 12, 20), at(2026, 1, 19));
    expect(ticks[0]?.label).toEqual([expect.stringMatching(/^12\/\d+$/), '2025']);
    const january = ticks.find((t) => new Date(t.value).getFullYear() === 2026);
    expect(january?.label).toEqual([expect.any(String), '2026']);
    expect(ticks.filter((t) => Array.isArray(t.label))).toHaveLength(2);
  });

  it('has month ticks for long spans, the year under each January: two years read as two years', () => {
    const ticks = trendTicks(at(2024, 11, 29), at(2026, 11, 29));
    expect(ticks.length).toBeLessThanOrEqual(9);
    expect(ticks.every((t) => new Date(t.value).getDate() === 1)).toBe(true);
    const years = ticks.flatMap((t) => (Array.isArray(t.label) ? [t.label[1]] : []));
    expect(years).toEqual(['2025', '2026']);
    expect(ticks[0]?.label).toEqual(['Jan', '2025']);
    expect(ticks.map((t) => (Array.isArray(t.label) ? t.label[0] : t.label))).toContain('Jan');
  });
});
