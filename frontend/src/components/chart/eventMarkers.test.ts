import { describe, expect, it } from 'vitest';
import { MAX_LANES, badgeWidth, eventsInWindow, placeMarkers, type ChartEvent } from './eventMarkers';

const DAY = 86_400_000;
const at = (day: number, kind: ChartEvent['kind'] = 'started', label = `event ${day}`): ChartEvent => ({ x: day * DAY, kind, label });
/** One pixel per hour: a day is 24 px wide. */
const hourly = (x: number): number => x / 3_600_000;

describe('chart event markers', () => {
  it('keep the events of the window, oldest first, numbered from 1 (the list under the chart uses the numbers)', () => {
    const events = [at(9, 'stopped'), at(2), at(40), at(5, 'changed'), at(-3), at(5, 'started', 'same day, given later')];
    const inside = eventsInWindow(events, 0, 30 * DAY);
    expect(inside.map((e) => [e.number, e.x / DAY, e.kind])).toEqual([
      [1, 2, 'started'],
      [2, 5, 'changed'],
      [3, 5, 'started'],
      [4, 9, 'stopped'],
    ]);
    // The window's ends are in it; a garbled date (NaN) is not.
    expect(eventsInWindow([at(0), at(30), { ...at(1), x: Number.NaN }], 0, 30 * DAY).map((e) => e.x / DAY)).toEqual([0, 30]);
  });

  it('draw events at the same moment as one line with one badge ("2–3"), in the first event\'s style', () => {
    const placed = placeMarkers(eventsInWindow([at(2), at(5, 'changed'), at(5, 'stopped'), at(9, 'stopped')], 0, 30 * DAY), hourly);
    expect(placed).toEqual([
      { px: 48, kind: 'started', text: '1', lane: 0, left: 40.5 },
      { px: 120, kind: 'changed', text: '2–3', lane: 0, left: 105.5 },
      { px: 216, kind: 'stopped', text: '4', lane: 0, left: 208.5 },
    ]);
  });

  it('drop a badge to the next row when it would touch the one before, and back up once clear', () => {
    // 12 px a day: a one-digit badge is 15 px wide and wants 4 px of space, so next-day
    // badges alternate between two rows; at 6 px a day three rows are needed.
    const twelve = (x: number): number => x / DAY * 12;
    const placed = placeMarkers(eventsInWindow([at(1), at(2), at(3), at(4), at(10)], 0, 30 * DAY), twelve);
    expect(placed.map((m) => [m.px, m.lane])).toEqual([
      [12, 0],
      [24, 1],
      [36, 0],
      [48, 1],
      [120, 0],
    ]);
    const six = placeMarkers(eventsInWindow([at(1), at(2), at(3), at(4)], 0, 30 * DAY), (x) => x / DAY * 6);
    expect(six.map((m) => m.lane)).toEqual([0, 1, 2, 0]);
    for (const lane of [0, 1, 2]) {
      const row = placed.filter((m) => m.lane === lane);
      row.slice(1).forEach((m, i) => {
        const before = row[i];
        if (!before) return;
        expect(m.px - badgeWidth(m.text) / 2).toBeGreaterThanOrEqual(before.px + badgeWidth(before.text) / 2);
      });
    }
  });

  it(`never uses more than ${MAX_LANES} rows, and never draws a badge over another: a crowded one joins the badge before`, () => {
    // A phone's 90-day chart: about 3 px a day; four events on four days.
    const phone = placeMarkers(eventsInWindow([at(80), at(81), at(82), at(83)], 0, 90 * DAY), (x) => (x / (90 * DAY)) * 290);
    const crowded = placeMarkers(eventsInWindow(Array.from({ length: 8 }, (_, i) => at(i + 1)), 0, 30 * DAY), (x) => x / DAY);
    for (const placed of [phone, crowded]) {
      expect(Math.max(...placed.map((m) => m.lane))).toBeLessThan(MAX_LANES);
      const badges = placed.filter((m) => m.text !== '');
      for (const a of badges) {
        for (const b of badges) {
          if (a === b || a.lane !== b.lane) continue;
          const apart = a.left + badgeWidth(a.text) <= b.left || b.left + badgeWidth(b.text) <= a.left;
          expect(apart, `${a.text} and ${b.text} in row ${a.lane}`).toBe(true);
        }
      }
      // Every event keeps its line, and its number is in a badge.
      const numbers = badges.flatMap((m) => {
        const [first, last = first] = m.text.split('–').map(Number);
        return Array.from({ length: (last ?? 0) - (first ?? 0) + 1 }, (_, i) => (first ?? 0) + i);
      });
      expect(numbers).toEqual(placed.map((_, i) => i + 1));
    }
    expect(phone.map((m) => m.text)).toEqual(['1', '2', '3–4', '']);
  });
});
