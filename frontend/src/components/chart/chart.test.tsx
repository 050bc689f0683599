import { act, render } from '@testing-library/react';
import type { ChartOptions } from 'chart.js';
import { describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../lib/dates';
import { setThemeChoice } from '../../lib/theme';
import { lineDataset, tooltipMarks, type TimeSeries } from './lineStyle';
import { timeWindow } from './timeAxis';
import { formatTick, valueAxis } from './valueAxis';
import { TimeSeriesChart } from './TimeSeriesChart';

// What TimeSeriesChart hands to chart.js (this file's own stand-in for react-chartjs-2).
const handed = vi.hoisted(() => ({ options: [] as unknown[] }));
vi.mock('react-chartjs-2', () => ({
  Line: (props: { options: unknown }) => {
    handed.options.push(props.options);
    return null;
  },
}));

/** Ticks are evenly spaced round values, every one with the same number of decimals. */
function expectRoundTicks(ticks: number[], decimals: number): void {
  const labels = ticks.map((t) => formatTick(t, decimals));
  for (const label of labels) expect(label).toMatch(decimals === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${decimals}}$`));
  const step = (ticks[1] ?? 0) - (ticks[0] ?? 0);
  const scaled = Math.round(step * 10 ** decimals);
  expect([1, 2, 5].some((m) => scaled / m >= 1 && Number.isInteger(Math.log10(scaled / m)))).toBe(true);
  ticks.forEach((t, i) => expect(t).toBeCloseTo((ticks[0] ?? 0) + i * step, 9));
  expect(ticks.length - 1).toBeLessThanOrEqual(10);
}

describe('value axis', () => {
  it("keeps the spec's ranges as the default view", () => {
    expect(valueAxis([120, 80], 0, { min: 60, max: 180 })).toEqual({
      min: 60,
      max: 180,
      ticks: [60, 80, 100, 120, 140, 160, 180],
    });
    expect(valueAxis([70], 0, { min: 40, max: 120 })).toMatchObject({ min: 40, max: 120 });
    expect(valueAxis([95], 0, { min: 60, max: 200 })).toMatchObject({ min: 60, max: 200 });
  });

  it('widens up and down to every value: alarming readings stay on the chart', () => {
    for (const [values, domain] of [
      [[210, 125, 118, 76], { min: 60, max: 180 }],
      [[150, 62], { min: 40, max: 120 }],
      [[300, 95], { min: 60, max: 200 }],
      [[118, 45], { min: 60, max: 180 }],
      [[32], { min: 40, max: 120 }],
    ] as const) {
      const axis = valueAxis(values, 0, domain);
      expect(axis.min).toBeLessThanOrEqual(Math.min(...values, domain.min));
      expect(axis.max).toBeGreaterThanOrEqual(Math.max(...values, domain.max));
      expectRoundTicks(axis.ticks, 0);
    }
    expect(valueAxis([210, 125], 0, { min: 60, max: 180 })).toMatchObject({ min: 60, max: 220 });
    // A low reading too: the step stays 20 rather than jumping to 0-250 by 50.
    expect(valueAxis([210, 48], 0, { min: 60, max: 180 })).toMatchObject({ min: 40, max: 220 });
  });

  it('puts mmol/L ticks on round values with one decimal (not 3.3 ... 11.10)', () => {
    const axis = valueAxis([5.6, 16.7], 1, { min: 3.3, max: 11.1 });
    expect(axis.min).toBeLessThanOrEqual(3.3);
    expect(axis.max).toBeGreaterThanOrEqual(16.7);
    expectRoundTicks(axis.ticks, 1);
    expect(valueAxis([5.6], 1, { min: 3.3, max: 11.1 }).ticks.map((t) => formatTick(t, 1))).toEqual([
      '3.0',
      '4.0',
      '5.0',
      '6.0',
      '7.0',
      '8.0',
      '9.0',
      '10.0',
      '11.0',
      '12.0',
    ]);
  });

  it('fits a weight axis to the values with room around them, on whole kg or lbs', () => {
    const kg = valueAxis([75.3, 76.1, 75.8], 0);
    expect(kg.min).toBeLessThan(75.3);
    expect(kg.max).toBeGreaterThan(76.1);
    expectRoundTicks(kg.ticks, 0);
    const one = valueAxis([165], 0);
    expect(one.min).toBeLessThan(165);
    expect(one.max).toBeGreaterThan(165);
    const lbs = valueAxis([160.4, 171.9], 0);
    expectRoundTicks(lbs.ticks, 0);
    expect(lbs.min).toBeLessThan(160.4);
    expect(lbs.max).toBeGreaterThan(171.9);
  });
});

/** A theme's series and mark colours, as chartTheme.ts reads them from the tokens. */
const COLORS = {
  series: { systolic: '#0f6e6e', diastolic: '#5b7fa6', heartRate: '#8a4fa8', weight: '#0b4f6c', sugar: '#b54708' },
  mark: '#b42318',
};

describe('lines and marks', () => {
  const series: TimeSeries = {
    label: 'Systolic',
    color: 'systolic',
    points: [
      { x: 1, y: 120 },
      { x: 2, y: 210, mark: 'In the Hypertensive Crisis range' },
      { x: 3, y: 125 },
    ],
  };

  it('joins points with straight segments (no curve showing values never measured) and never clips them', () => {
    const dataset = lineDataset(series, COLORS);
    expect(dataset.tension).toBe(0);
    expect(dataset.cubicInterpolationMode).toBe('default');
    expect(dataset.clip).toBe(false);
  });

  it('draws a marked point as a larger triangle in the alert colour', () => {
    const dataset = lineDataset(series, COLORS);
    expect(dataset.pointStyle).toEqual(['circle', 'triangle', 'circle']);
    expect(dataset.pointBackgroundColor).toEqual(['#0f6e6e', '#b42318', '#0f6e6e']);
    expect(dataset.borderColor).toBe('#0f6e6e');
    const radius = dataset.pointRadius as number[];
    expect(radius[1]).toBeGreaterThan(radius[0]!);
  });

  it('gives a series without marks one value per option, which chart.js resolves once for all its points', () => {
    const plain = lineDataset({ ...series, points: series.points.map(({ x, y }) => ({ x, y })) }, COLORS);
    expect(plain.pointStyle).toBe('circle');
    expect(plain.pointRadius).toBe(3);
    expect(plain.pointHoverRadius).toBe(5);
    for (const option of ['pointBackgroundColor', 'pointBorderColor', 'pointHoverBackgroundColor', 'pointHoverBorderColor'] as const) {
      expect(plain[option]).toBe('#0f6e6e');
    }
  });

  it('draws a point set apart as a diamond in its series colour; a mark still wins', () => {
    const dataset = lineDataset(
      {
        ...series,
        points: [
          { x: 1, y: 120, aside: 'Taken at the clinic' },
          { x: 2, y: 210, mark: 'In the Hypertensive Crisis range', aside: 'Taken at the clinic' },
          { x: 3, y: 125 },
        ],
      },
      COLORS,
    );
    expect(dataset.pointStyle).toEqual(['rectRot', 'triangle', 'circle']);
    expect(dataset.pointBackgroundColor).toEqual(['#0f6e6e', '#b42318', '#0f6e6e']);
    expect(tooltipMarks([{ x: 2, y: 210, mark: 'In the Hypertensive Crisis range', aside: 'Taken at the clinic' }])).toEqual([
      'In the Hypertensive Crisis range',
      'Taken at the clinic',
    ]);
  });

  it('gives each mark once in the tooltip', () => {
    expect(tooltipMarks([...series.points, { x: 2, y: 125, mark: 'In the Hypertensive Crisis range' }])).toEqual([
      'In the Hypertensive Crisis range',
    ]);
    expect(tooltipMarks([{ x: 1, y: 1 }])).toEqual([]);
  });
});

describe('time window', () => {
  const now = new Date(2026, 10, 22, 12, 0).getTime();

  it('spans the last N calendar days, today included, from the first midnight to now', () => {
    expect(timeWindow(7, now)).toEqual({ min: new Date(2026, 10, 16).getTime(), max: now });
    expect(timeWindow(30, now).min).toBe(new Date(2026, 9, 24).getTime());
  });

  it('reaches a reading of today later than now', () => {
    const later = now + 3 * 60 * 60 * 1000;
    expect(timeWindow(7, now, later).max).toBe(later);
    expect(timeWindow(7, now, now - DAY_MS).max).toBe(now);
  });
});

describe('TimeSeriesChart', () => {
  it("draws axes, grid and legend in the theme's colours, and redraws when the theme changes", () => {
    const now = new Date(2026, 10, 22, 12, 0).getTime();
    const root = document.documentElement;
    const tokens = { '--chart-text': '#4f5f6b', '--chart-grid': '#e6ecef', '--chart-axis': '#7b8b96', '--chart-systolic': '#0f6e6e' };
    for (const [name, value] of Object.entries(tokens)) root.style.setProperty(name, value);
    handed.options.length = 0;
    const chart = (
      <TimeSeriesChart
        title="Blood pressure"
        unit="mmHg"
        rangeDays={7}
        now={now}
        series={[{ label: 'Systolic', color: 'systolic', points: [{ x: now, y: 120 }] }]}
      />
    );
    const { rerender } = render(chart);
    const light = handed.options.at(-1) as ChartOptions<'line'>;
    expect(light.scales?.y).toMatchObject({ grid: { color: '#e6ecef' }, ticks: { color: '#4f5f6b' }, border: { color: '#7b8b96' } });
    expect(light.scales?.x).toMatchObject({ ticks: { color: '#4f5f6b' } });

    // What tokens.css does for Dark, then the choice that selects it.
    root.style.setProperty('--chart-grid', '#25343a');
    root.style.setProperty('--chart-text', '#a9b9c1');
    act(() => setThemeChoice('dark'));
    rerender(chart);
    const dark = handed.options.at(-1) as ChartOptions<'line'>;
    expect(dark.scales?.y).toMatchObject({ grid: { color: '#25343a' }, ticks: { color: '#a9b9c1' } });
    act(() => setThemeChoice('system'));
    for (const name of Object.keys(tokens)) root.style.removeProperty(name);
  });

  it('hands chart.js a y axis holding every value, round ticks, and room for edge points', () => {
    const now = new Date(2026, 10, 22, 12, 0).getTime();
    handed.options.length = 0;
    render(
      <TimeSeriesChart
        title="Heart rate"
        unit="bpm"
        rangeDays={7}
        now={now}
        domain={{ min: 40, max: 120 }}
        series={[{ label: 'Heart rate', color: 'heartRate', points: [{ x: now - DAY_MS, y: 70 }, { x: now, y: 150 }] }]}
      />,
    );
    const options = handed.options.at(-1) as ChartOptions<'line'>;
    const y = options.scales?.y as { min: number; max: number };
    const x = options.scales?.x as { min: number; max: number };
    expect(y.min).toBe(40);
    expect(y.max).toBeGreaterThanOrEqual(150);
    expect(x).toMatchObject({ min: new Date(2026, 10, 16).getTime(), max: now });
    expect(options.layout?.padding).toMatchObject({ top: expect.any(Number), right: expect.any(Number) });
  });
});
