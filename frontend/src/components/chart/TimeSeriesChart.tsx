import { useMemo, useRef, useState, type ReactElement } from 'react';
import {
  Chart as ChartJS,
  Filler,
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
import { DAY_MS, formatDateTime12, formatMonthDay } from '../../lib/dates';
import { TOOLTIP_FPS, createThrottle, dayTicks, tickStepDays } from './timeAxis';
import './chart.css';

ChartJS.register(LinearScale, PointElement, LineElement, Tooltip, Legend, Filler);

export interface TimePoint {
  /** Local timestamp (ms). */
  x: number;
  y: number;
}

export interface TimeSeries {
  label: string;
  color: string;
  points: ReadonlyArray<TimePoint>;
}

export interface TimeSeriesChartProps {
  /** Accessible name of the chart (what it shows). */
  title: string;
  series: ReadonlyArray<TimeSeries>;
  /** Unit shown after each value in the tooltip ('bpm', 'kg', ...). */
  unit: string;
  /** Decimals of the values in the tooltip. */
  decimals?: number;
  /** The time window drawn: [now - rangeDays, now]. */
  rangeDays: number;
  now: number;
  yMin?: number;
  yMax?: number;
}

interface TooltipState {
  left: number;
  top: number;
  title: string;
  lines: string[];
  alignRight: boolean;
}

/** Marks the chart's box once the canvas is drawn (tests and the render benchmark wait for it). */
const paintedPlugin: Plugin<'line'> = {
  id: 'vitalogPainted',
  afterRender(chart) {
    const box = chart.canvas.parentElement;
    if (box && box.dataset.painted !== 'true') box.dataset.painted = 'true';
  },
};

/**
 * A line chart of values over time: the x axis spans the last `rangeDays` days with
 * month/day ticks; hovering shows an HTML tooltip with the date as MM/DD/YYYY, the time in
 * 12-hour form and the unit. Pointer events are throttled to about 60 per second. This
 * module pulls in chart.js: only pages that draw charts import it (lazily).
 */
export function TimeSeriesChart({
  title,
  series,
  unit,
  decimals = 0,
  rangeDays,
  now,
  yMin,
  yMax,
}: TimeSeriesChartProps): ReactElement {
  const [tip, setTip] = useState<TooltipState | null>(null);
  const lastTip = useRef<string>('');

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

  const xMin = now - rangeDays * DAY_MS;
  const data: ChartData<'line', TimePoint[]> = {
    datasets: series.map((s) => ({
      label: s.label,
      data: [...s.points],
      borderColor: s.color,
      backgroundColor: s.color,
      pointRadius: s.points.length > 120 ? 1.5 : 3,
      pointHoverRadius: 5,
      borderWidth: 2,
      tension: 0.2,
    })),
  };

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
    const next: TooltipState = {
      left: tooltip.caretX,
      top: tooltip.caretY,
      title: formatDateTime12(x),
      lines,
      alignRight: tooltip.caretX > chart.width / 2,
    };
    const key = `${next.left}|${next.top}|${next.title}|${lines.join('|')}`;
    if (key === lastTip.current) return;
    lastTip.current = key;
    setTip(next);
  };

  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    parsing: false,
    normalized: true,
    interaction: { mode: 'index', intersect: false, axis: 'x' },
    plugins: {
      legend: { display: series.length > 1, position: 'bottom', labels: { boxWidth: 12, boxHeight: 12 } },
      tooltip: { enabled: false, external },
    },
    scales: {
      x: {
        type: 'linear',
        min: xMin,
        max: now,
        grid: { display: false },
        afterBuildTicks: (scale) => {
          scale.ticks = dayTicks(xMin, now, tickStepDays(rangeDays)).map((value) => ({ value }));
        },
        ticks: {
          maxRotation: 0,
          autoSkipPadding: 12,
          callback: (value) => formatMonthDay(Number(value)),
        },
      },
      y: {
        ...(yMin !== undefined ? { min: yMin } : { grace: '5%' }),
        ...(yMax !== undefined ? { max: yMax } : {}),
        grid: { color: '#e6ecef' },
        ticks: { precision: decimals },
      },
    },
  };

  return (
    <div className="trend-chart" onPointerLeave={() => setTip(null)}>
      <Line data={data} options={options} plugins={[throttlePlugin, paintedPlugin]} aria-label={title} role="img" />
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
        </div>
      ) : null}
    </div>
  );
}
