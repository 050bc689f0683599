/**
 * The chart.js plugin that draws horizontal reference lines (the Trends page's home
 * threshold, issue 36): dashed, in the colour of the series they belong to, with the value
 * just right of the plot (the chart leaves room for it: `THRESHOLD_LABEL_ROOM`). The words are in the legend under the chart, not on the canvas.
 */
import type { Chart, ChartType, Plugin } from 'chart.js';

/** Pixels right of the plot a chart with thresholds keeps for their values. */
export const THRESHOLD_LABEL_ROOM = 30;

export interface Threshold {
  y: number;
  /** The line's colour (a series colour of the theme). */
  color: string;
}

export interface ThresholdOptions {
  lines: ReadonlyArray<Threshold>;
}

declare module 'chart.js' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface PluginOptionsByType<TType extends ChartType> {
    vitalogThresholds?: ThresholdOptions;
  }
}

/** Draws `options.plugins.vitalogThresholds.lines` under the datasets. */
export const thresholdPlugin: Plugin<'bar', ThresholdOptions> = {
  id: 'vitalogThresholds',
  beforeDatasetsDraw(chart: Chart<'bar'>, _args, options) {
    const lines = options.lines ?? [];
    const y = chart.scales.y;
    if (lines.length === 0 || !y) return;
    const { ctx, chartArea } = chart;
    ctx.save();
    ctx.lineWidth = 1.5;
    ctx.setLineDash([6, 4]);
    ctx.font = '600 11px system-ui, sans-serif';
    // The value in the plot's right padding, clear of the bars.
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    for (const line of lines) {
      const py = y.getPixelForValue(line.y);
      if (py < chartArea.top || py > chartArea.bottom) continue;
      ctx.strokeStyle = line.color;
      ctx.beginPath();
      ctx.moveTo(chartArea.left, py);
      ctx.lineTo(chartArea.right, py);
      ctx.stroke();
      ctx.fillStyle = line.color;
      ctx.fillText(String(line.y), chartArea.right + 4, py);
    }
    ctx.restore();
  },
};
