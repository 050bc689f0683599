import { useMemo, useRef, useState, type ReactElement } from 'react';
import {
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
  type Plugin,
  type TooltipModel,
} from 'chart.js';
import { Line } from 'react-chartjs-2';
import { formatDateTime12, formatMonthDay } from '../../lib/dates';
import { useChartTheme } from './chartTheme';
import type { NumberedEvent } from './eventMarkers';
import { lineDataset, tooltipMarks, type TimePoint, type TimeSeries } from './lineStyle';
import { markerPlugin } from './markerPlugin';
import { TOOLTIP_FPS, createThrottle, dayTicks, tickStepDays, timeWindow } from './timeAxis';
import { valueAxis } from './valueAxis';
import { yScale } from './scales';
import './chart.css';

ChartJS.register(LinearScale, PointElement, LineElement, Tooltip, Legend);

export type { TimePoint, TimeSeries } from './lineStyle';

export interface TimeSeriesChartProps {
  /** Accessible name of the chart (what it shows). */
  title: string;
  series: ReadonlyArray<TimeSeries>;
  /** Unit shown after each value in the tooltip ('bpm', 'kg', ...). */
  unit: string;
  /** Decimals of the values in the tooltip. */
  decimals?: number;
  /** Decimals of the y axis's tick labels (the unit's tick precision). */
  tickDecimals?: number;
  /** The time window drawn: the last `rangeDays` calendar days, today included, up to `now`. */
  rangeDays: number;
  now: number;
  /** The default y range (widened to every value); undefined: fitted to the values. */
  domain?: { min: number; max: number };
  /** Events drawn as numbered vertical lines (see eventMarkers.ts), already in the window. */
  markers?: ReadonlyArray<NumberedEvent>;
}

interface TooltipState {
  left: number;
  top: number;
  title: string;
  lines: string[];
  /** Why the points under the pointer stand out (see `TimePoint.mark`). */
  marks: string[];
  alignRight: boolean;
}

const NO_MARKERS: ReadonlyArray<NumberedEvent> = [];

/** Marks the chart's box once the canvas is drawn (tests and the render benchmark wait for it). */
const paintedPlugin: Plugin<'line'> = {
  id: 'vitalogPainted',
  afterRender(chart) {
    const box = chart.canvas.parentElement;
    if (box && box.dataset.painted !== 'true') box.dataset.painted = 'true';
  },
};

/**
 * A line chart of values over time: the x axis spans the last `rangeDays` calendar days
 * with month/day ticks; the y axis shows the default domain widened to every value, with
 * round ticks; marked points stand out (shape, colour and a tooltip line); hovering shows an HTML tooltip with the date as MM/DD/YYYY, the time in
 * 12-hour form and the unit. Pointer events are throttled to about 60 per second. This
 * module pulls in chart.js: only pages that draw charts import it (lazily).
 */
export function TimeSeriesChart({
  title,
  series,
  unit,
  decimals = 0,
  tickDecimals = 0,
  rangeDays,
  now,
  domain,
  markers = NO_MARKERS,
}: TimeSeriesChartProps): ReactElement {
  const [tip, setTip] = useState<TooltipState | null>(null);
  const lastTip = useRef<string>('');
  // A new theme is a new options object: react-chartjs-2 then redraws in its colours.
  const theme = useChartTheme();

  const throttlePlugin = useMemo<Plugin<'line'>>(() => {
    const allow = createThrottle(1000 / TOOLTIP_FPS);
    return {
      id: 'vitalogThrottle',
      beforeEvent(_chart, args) {
        if (args.event.type !== 'mousemove') return undefined;
        return allow(performance.now()) ? undefined : false;
      },
    };
  }, []);

  const allPoints = series.flatMap((s) => s.points);
  const { min: xMin, max: xMax } = timeWindow(rangeDays, now, Math.max(now, ...allPoints.map((p) => p.x)));
  const yAxis = valueAxis(
    allPoints.map((p) => p.y),
    tickDecimals,
    domain,
  );
  const data: ChartData<'line', TimePoint[]> = { datasets: series.map((s) => lineDataset(s, theme)) };

  const external = ({ chart, tooltip }: { chart: ChartJS; tooltip: TooltipModel<'line'> }): void => {
    if (tooltip.opacity === 0 || tooltip.dataPoints.length === 0) {
      if (lastTip.current !== '') {
        lastTip.current = '';
        setTip(null);
      }
      return;
    }
    const first = tooltip.dataPoints[0];
    const x = (first?.raw as TimePoint | undefined)?.x ?? 0;
    const lines = tooltip.dataPoints.map((p) => {
      const y = (p.raw as TimePoint).y;
      return `${p.dataset.label ?? ''}: ${y.toFixed(decimals)} ${unit}`;
    });
    const marks = tooltipMarks(tooltip.dataPoints.map((p) => p.raw as TimePoint));
    const next: TooltipState = {
      left: tooltip.caretX,
      top: tooltip.caretY,
      title: formatDateTime12(x),
      lines,
      marks,
      alignRight: tooltip.caretX > chart.width / 2,
    };
    const key = `${next.left}|${next.top}|${next.title}|${lines.join('|')}|${marks.join('|')}`;
    if (key === lastTip.current) return;
    lastTip.current = key;
    setTip(next);
  };

  // The page's font, not chart.js's Helvetica default: the same type, and no second font to
  // look up and load before the first chart can measure its labels.
  const font = theme.font ? { family: theme.font } : undefined;
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    parsing: false,
    normalized: true,
    // Room for a whole point on the plot's top and right edges (points are not clipped).
    layout: { padding: { top: 8, right: 10 } },
    interaction: { mode: 'index', intersect: false, axis: 'x' },
    plugins: {
      legend: { display: series.length > 1, position: 'bottom', labels: { boxWidth: 12, boxHeight: 12, color: theme.text, font } },
      tooltip: { enabled: false, external },
      // Options, not the plugin, carry the markers: react-chartjs-2 reads plugins only once.
      vitalogMarkers: { markers, colors: theme },
    },
    scales: {
      x: {
        type: 'linear',
        min: xMin,
        max: xMax,
        grid: { display: false },
        border: { color: theme.axis },
        afterBuildTicks: (scale) => {
          scale.ticks = dayTicks(xMin, xMax, tickStepDays(rangeDays)).map((value) => ({ value }));
        },
        ticks: {
          color: theme.text,
          maxRotation: 0,
          autoSkipPadding: 12,
          font,
          callback: (value) => formatMonthDay(Number(value)),
        },
      },
      y: yScale(yAxis, theme, font, tickDecimals),
    },
  };

  return (
    <div className="trend-chart" onPointerLeave={() => setTip(null)}>
      <Line data={data} options={options} plugins={[throttlePlugin, markerPlugin, paintedPlugin]} aria-label={title} role="img" />
      {tip ? (
        <div
          className={tip.alignRight ? 'chart-tooltip chart-tooltip-left' : 'chart-tooltip'}
          role="tooltip"
          style={{ left: tip.left, top: tip.top }}
        >
          <p className="chart-tooltip-title">{tip.title}</p>
          {tip.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {tip.marks.map((mark) => (
            <p key={mark} className="chart-tooltip-mark">
              <span aria-hidden="true">▲ </span>
              {mark}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
