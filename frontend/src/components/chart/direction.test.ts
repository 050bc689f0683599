import { describe, expect, it } from 'vitest';
import { MIN_DAYS, change, dayMeans, describeChart, directionOf, median } from './direction';

const day = (d: number, h = 8): number => new Date(2026, 10, d, h).getTime();

describe('direction', () => {
  it('takes the middle of the days, so one outlier moves nothing', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(Number.isNaN(median([]))).toBe(true);
    // A flat week, then the same week with one 212 on its last day: still "the same".
    const flat = [130, 131, 129, 130, 131, 130, 129];
    expect(change(flat, flat, 5)).toBe('same');
    expect(change(flat, [...flat.slice(0, 6), 212], 5)).toBe('same');
  });

  it('says higher or lower from the band on, and nothing from too few days', () => {
    expect(change([130, 130, 130], [135, 135, 135], 5)).toBe('higher');
    expect(change([130, 130, 130], [134.9, 134.9, 134.9], 5)).toBe('same');
    expect(change([130, 130, 130], [125, 125, 125], 5)).toBe('lower');
    expect(MIN_DAYS).toBe(3);
    expect(change([130, 130], [150, 150, 150], 5)).toBeNull();
  });

  it('counts each day once, as the mean of its readings', () => {
    const means = dayMeans([
      { x: day(1, 7), y: 120 },
      { x: day(1, 20), y: 140 },
      { x: day(2), y: 125 },
    ]);
    expect([...means]).toEqual([
      ['2026-11-01', 130],
      ['2026-11-02', 125],
    ]);
    // Three readings a day on the first three days are still three days against three.
    const points = [1, 2, 3].flatMap((d) => [0, 1, 2].map((h) => ({ x: day(d, 7 + h), y: 120 })));
    const later = [4, 5, 6].map((d) => ({ x: day(d), y: 128 }));
    expect(directionOf([...points, ...later], day(4, 0), 5)).toBe('higher');
    expect(directionOf([...points, ...later.slice(0, 2)], day(4, 0), 5)).toBeNull();
  });

  it("names a chart with its latest value, range and direction, or says it has none", () => {
    expect(
      describeChart({ measure: 'Blood pressure', span: 'last 30 days', latest: '132/84 mmHg', range: '118–146 systolic', direction: 'higher' }),
    ).toBe('Blood pressure, last 30 days: latest 132/84 mmHg, range 118–146 systolic, rising');
    expect(describeChart({ measure: 'Weight', span: 'last 7 days', latest: '170.2 lbs', range: '169.8–170.4 lbs', direction: null })).toBe(
      'Weight, last 7 days: latest 170.2 lbs, range 169.8–170.4 lbs, too few days for a direction (3 on each half are needed)',
    );
    expect(describeChart({ measure: 'Heart rate', span: 'last 7 days', latest: null, range: null, direction: null })).toBe(
      'Heart rate, last 7 days: no readings',
    );
  });
});
