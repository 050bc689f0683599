import { describe, expect, it } from 'vitest';
import { formatAgo } from './dates';

describe('formatAgo', () => {
  const now = Date.UTC(2026, 11, 2, 12, 0, 0);
  const before = (seconds: number): number => now - seconds * 1000;

  it('says how long ago in the unit a person would', () => {
    expect(formatAgo(before(0), now)).toBe('just now');
    expect(formatAgo(before(59), now)).toBe('just now');
    expect(formatAgo(before(60), now)).toBe('1 minute ago');
    expect(formatAgo(before(5 * 60 + 30), now)).toBe('5 minutes ago');
    expect(formatAgo(before(3 * 3600), now)).toBe('3 hours ago');
    expect(formatAgo(before(30 * 3600), now)).toBe('yesterday');
    expect(formatAgo(before(3 * 86400), now)).toBe('3 days ago');
  });

  it('names the date past a week, and never the future', () => {
    expect(formatAgo(Date.UTC(2026, 10, 20, 12, 0, 0), now)).toMatch(/^11\/(19|20)\/2026$/);
    expect(formatAgo(now + 60_000, now)).toBe('just now');
  });
});
