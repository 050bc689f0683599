import type { ReactElement } from 'react';
import {
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Line } from 'react-chartjs-2';
import { useChartTheme, type SeriesColor } from './chartTheme';
import './chart.css';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend, Filler);

export interface TrendSeries {
  label: string;
  values: ReadonlyArray<number>;
  color: SeriesColor;
}

export interface TrendChartProps {
  /** Accessible description of what the chart shows. */
  title: string;
  labels: ReadonlyArray<string>;
  series: ReadonlyArray<TrendSeries>;
  unit?: string;
  yMin?: number;
  yMax?: number;
  /** Tooltip title for a point (e.g. its full date and time). */
  tooltipTitle?: (index: number) => string;
}

/**
 * A line chart of one or more series over time. This module pulls in chart.js, so it must
 * only be imported (lazily) by the pages that draw charts.
 */
export function TrendChart({ title, labels, series, unit, yMin, yMax, tooltipTitle }: TrendChartProps): ReactElement {
  const theme = useChartTheme();
  const data: ChartData<'line', number[], string> = {
    labels: [...labels],
    datasets: series.map((s) => ({
      label: s.label,
      data: [...s.values],
      borderColor: theme.series[s.color],
      backgroundColor: theme.series[s.color],
      pointRadius: 3,
      pointHoverRadius: 5,
      borderWidth: 2,
      // Straight segments: a curve would show values between readings that were never measured.
      tension: 0,
      clip: false,
    })),
  };
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { display: series.length > 1, position: 'bottom', labels: { color: theme.text } },
      tooltip: {
        backgroundColor: theme.tooltipBg,
        titleColor: theme.tooltipText,
        bodyColor: theme.tooltipText,
        callbacks: {
          ...(tooltipTitle ? { title: (items) => tooltipTitle(items[0]?.dataIndex ?? 0) } : {}),
          label: (item) => `${item.dataset.label ?? ''}: ${item.formattedValue}${unit ? ` ${unit}` : ''}`,
        },
      },
    },
    scales: {
      y: {
        ...(yMin !== undefined ? { min: yMin } : {}),
        ...(yMax !== undefined ? { max: yMax } : {}),
        grid: { color: theme.grid },
        border: { color: theme.axis },
        ticks: { color: theme.text },
      },
      x: { grid: { display: false }, border: { color: theme.axis }, ticks: { color: theme.text } },
    },
  };
  return (
    <div className="trend-chart">
      <Line data={data} options={options} aria-label={title} role="img" />
    </div>
  );
}
