import { useMemo, useRef, useState, type ReactElement } from 'react';
import {
  BarController,
  BarElement,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartDataset,
  type ChartOptions,
  type Plugin,
  type TooltipModel,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';
import { formatDate, toIsoDate } from '../../lib/dates';
import { formatMmHg } from '../../lib/units';
import { useChartTheme, type SeriesColor } from './chartTheme';
import type { NumberedEvent } from './eventMarkers';
import { markerPlugin } from './markerPlugin';
import { THRESHOLD_LABEL_ROOM, thresholdPlugin } from './thresholdPlugin';
import { createThrottle, TOOLTIP_FPS } from './timeAxis';
import { trendTicks } from './trendAxis';
import { valueAxis } from './valueAxis';
import { yScale } from './scales';
import './chart.css';

ChartJS.register(LinearScale, BarController, BarElement, LineController, LineElement, PointElement, Tooltip, Legend);

/** One day's blood pressure: lowest to highest systolic and diastolic, and the day's means. */
export interface DayRange {
  /** Local timestamp of the day's noon (the bar stands in the middle of its day). */
  x: number;
  systolic: [number, number];
  diastolic: [number, number];
  mean: { systolic: number; diastolic: number };
  count: number;
}

export interface DayPoint {
  x: number;
  y: number;
}

export interface DaySeries {
  label: string;
  color: SeriesColor;
  points: ReadonlyArray<DayPoint>;
  /** Drawn as dots only (the days' values under a smoothed line). */
  dotsOnly?: boolean;
  /** A smoothed line, drawn without points. */
  smooth?: boolean;
}

export interface DailyChartProps {
  /** Accessible name: what the chart shows, its latest value, range and direction. */
  title: string;
  /** The window drawn (local timestamps). */
  min: number;
  max: number;
  unit: string;
  decimals?: number;
  tickDecimals?: number;
  domain?: { min: number; max: number };
  /** Blood pressure days, drawn as floating bars: systolic above, diastolic below. */
  ranges?: ReadonlyArray<DayRange>;
  series?: ReadonlyArray<DaySeries>;
  /** Dashed reference lines (the home threshold). */
  thresholds?: ReadonlyArray<{ y: number; color: SeriesColor }>;
  markers?: ReadonlyArray<NumberedEvent>;
}

type Datum = { x: number; y: number | [number, number] };
type Kind = 'bar' | 'line';

interface TipState {
  left: number;
  top: number;
  title: string;
  lines: string[];
  alignRight: boolean;
}

const NONE: ReadonlyArray<never> = [];
/** Above this many days, lines are drawn thinner and without points. */
const DENSE = 120;

/** Marks the chart's box once the canvas is drawn (tests wait for it). */
const paintedPlugin: Plugin<'bar'> = {
  id: 'vitalogDailyPainted',
  afterRender(chart) {
    const box = chart.canvas.parentElement;
    if (box && box.dataset.painted !== 'true') box.dataset.painted = 'true';
  },
};

// The markers' plugin reads only the canvas, the plot area and the x scale: any chart type.
const markers = markerPlugin as unknown as Plugin<'bar'>;

/**
 * A chart of days (issue 36, the Trends page): blood pressure as one floating bar per day
 * from the lowest to the highest systolic, and one under it for the diastolic; other
 * measures as the days' values (a line, or dots under a smoothed line). Month or day ticks
 * with the year whenever the window crosses one, dashed reference lines, medication markers
 * and an HTML tooltip naming the day. This module pulls in chart.js: it is loaded lazily.
 */
export function DailyChart({
  title,
  min,
  max,
  unit,
  decimals = 0,
  tickDecimals = 0,
  domain,
  ranges = NONE,
  series = NONE,
  thresholds = NONE,
  markers: events = NONE,
}: DailyChartProps): ReactElement {
  const theme = useChartTheme();
  const [tip, setTip] = useState<TipState | null>(null);
  const lastTip = useRef('');
  const throttle = useMemo<Plugin<'bar'>>(() => {
    const allow = createThrottle(1000 / TOOLTIP_FPS);
    return {
      id: 'vitalogDailyThrottle',
      beforeEvent(_chart, args) {
        if (args.event.type !== 'mousemove') return undefined;
        return allow(performance.now()) ? undefined : false;
      },
    };
  }, []);

  const values = [
    ...ranges.flatMap((r) => [...r.systolic, ...r.diastolic]),
    ...series.flatMap((s) => s.points.map((p) => p.y)),
    ...thresholds.map((t) => t.y),
  ];
  const yAxis = valueAxis(values, tickDecimals, domain);
  const ticks = trendTicks(min, max);
  const byDay = new Map(ranges.map((r) => [toIsoDate(new Date(r.x)), r]));

  const bar = (label: string, color: SeriesColor, pick: (r: DayRange) => [number, number]): ChartDataset<Kind, Datum[]> => ({
    type: 'bar',
    label,
    data: ranges.map((r) => ({ x: r.x, y: pick(r) })),
    backgroundColor: theme.series[color],
    borderColor: theme.series[color],
    borderRadius: 3,
    borderSkipped: false,
    grouped: false,
    minBarLength: 4,
    maxBarThickness: 14,
    barPercentage: 0.7,
    categoryPercentage: 1,
  });
  const line = (s: DaySeries): ChartDataset<Kind, Datum[]> => ({
    type: 'line',
    label: s.label,
    data: s.points.map((p) => ({ x: p.x, y: p.y })),
    borderColor: theme.series[s.color],
    backgroundColor: theme.series[s.color],
    // Long spans: a thinner line without points, which would only blur it.
    borderWidth: s.dotsOnly ? 0 : s.points.length > DENSE ? 1.5 : 2,
    showLine: !s.dotsOnly,
    tension: 0,
    // A smoothed line is a line: its days are the dots under it.
    pointRadius: s.dotsOnly ? (s.points.length > DENSE ? 1.5 : 2.5) : s.smooth || s.points.length > DENSE ? 0 : 3,
    pointHoverRadius: 5,
    clip: false,
    order: s.dotsOnly ? 2 : 1,
  });
  const data: ChartData<Kind, Datum[]> = {
    datasets: [
      ...(ranges.length > 0
        ? [bar('Systolic', 'systolic', (r) => r.systolic), bar('Diastolic', 'diastolic', (r) => r.diastolic)]
        : []),
      ...series.map(line),
    ],
  };

  const external = ({ chart, tooltip }: { chart: ChartJS; tooltip: TooltipModel<Kind> }): void => {
    const first = tooltip.dataPoints[0];
    if (tooltip.opacity === 0 || !first) {
      if (lastTip.current !== '') {
        lastTip.current = '';
        setTip(null);
      }
      return;
    }
    const x = (first.raw as Datum).x;
    const day = byDay.get(toIsoDate(new Date(x)));
    const number = (v: number): string => v.toFixed(decimals);
    const lines = day
      ? [
          `Systolic ${day.systolic[0]}–${day.systolic[1]} ${unit}, mean ${formatMmHg(day.mean.systolic)}`,
          `Diastolic ${day.diastolic[0]}–${day.diastolic[1]} ${unit}, mean ${formatMmHg(day.mean.diastolic)}`,
          `${day.count} ${day.count === 1 ? 'reading' : 'readings'}`,
        ]
      : tooltip.dataPoints
          .filter((p) => p.dataset.type === 'line')
          .map((p) => `${p.dataset.label ?? ''}: ${number((p.raw as DayPoint).y)} ${unit}`);
    const next: TipState = {
      left: tooltip.caretX,
      top: tooltip.caretY,
      title: formatDate(toIsoDate(new Date(x))),
      lines,
      alignRight: tooltip.caretX > chart.width / 2,
    };
    const key = `${next.left}|${next.top}|${next.title}|${lines.join('|')}`;
    if (key === lastTip.current) return;
    lastTip.current = key;
    setTip(next);
  };

  const font = theme.font ? { family: theme.font } : undefined;
  const options: ChartOptions<Kind> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    layout: { padding: { top: 8, right: thresholds.length > 0 ? THRESHOLD_LABEL_ROOM : 10 } },
    interaction: { mode: 'nearest', intersect: false, axis: 'x' },
    plugins: {
      legend: {
        display: data.datasets.length > 1,
        position: 'bottom',
        labels: { boxWidth: 12, boxHeight: 12, color: theme.text, font },
      },
      tooltip: { enabled: false, external },
      vitalogMarkers: { markers: events, colors: theme },
      vitalogThresholds: { lines: thresholds.map((t) => ({ y: t.y, color: theme.series[t.color] })) },
    },
    scales: {
      x: {
        type: 'linear',
        min,
        max,
        offset: false,
        grid: { display: false },
        border: { color: theme.axis },
        afterBuildTicks: (scale) => {
          scale.ticks = ticks.map((t) => ({ value: t.value }));
        },
        ticks: {
          color: theme.text,
          maxRotation: 0,
          autoSkipPadding: 12,
          font,
          callback: (value) => ticks.find((t) => t.value === Number(value))?.label ?? '',
        },
      },
      y: yScale(yAxis, theme, font, tickDecimals),
    },
  };

  return (
    <div
      className="trend-chart daily-chart"
      // The axis's labels as drawn (the canvas holds them as pixels): for tests to read.
      data-x-ticks={ticks.map((t) => (Array.isArray(t.label) ? t.label.join(' ') : t.label)).join('|')}
      onPointerLeave={() => setTip(null)}
    >
      <Chart
        type="bar"
        data={data}
        options={options}
        plugins={[throttle, thresholdPlugin, markers, paintedPlugin]}
        aria-label={title}
        role="img"
      />
      {tip ? (
        <div className={tip.alignRight ? 'chart-tooltip chart-tooltip-left' : 'chart-tooltip'} role="tooltip" style={{ left: tip.left, top: tip.top }}>
          <p className="chart-tooltip-title">{tip.title}</p>
          {tip.lines.map((l) => (
            <p key={l}>{l}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
