/**
 * The chart.js plugin that draws event markers (eventMarkers.ts): a vertical line per moment
 * in its kind's colour and dash, and a numbered badge hanging from the plot's top that the
 * list under the chart explains. Drawn before the datasets, so readings stay on top.
 */
import type { Chart, ChartType, Plugin } from 'chart.js';
import type { ChartTheme } from './chartTheme';
import { BADGE_ROW, MARKER_STYLES, badgeWidth, placeMarkers, type NumberedEvent } from './eventMarkers';

const BADGE_HEIGHT = 15;

function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

export interface MarkerOptions {
  /** The events to draw, already limited to the chart's window and numbered. */
  markers: ReadonlyArray<NumberedEvent>;
  /** Each kind's colour and the badges' text colour (the theme's). */
  colors: Pick<ChartTheme, 'markers' | 'markerText'>;
}

declare module 'chart.js' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface PluginOptionsByType<TType extends ChartType> {
    vitalogMarkers?: MarkerOptions;
  }
}

/** Draws `options.plugins.vitalogMarkers.markers` (every update reads them afresh). */
export const markerPlugin: Plugin<'line', MarkerOptions> = {
  id: 'vitalogMarkers',
  beforeDatasetsDraw(chart: Chart<'line'>, _args, options) {
    const events = options.markers ?? [];
    if (events.length === 0 || !options.colors) return;
    const { markers: colors, markerText } = options.colors;
    const { ctx, chartArea, scales } = chart;
    const x = scales.x;
    if (!x) return;
    const markers = placeMarkers(events, (value) => x.getPixelForValue(value));
    ctx.save();
    for (const marker of markers) {
      if (marker.px < chartArea.left - 1 || marker.px > chartArea.right + 1) continue;
      const style = MARKER_STYLES[marker.kind];
      const color = colors[marker.kind];
      ctx.strokeStyle = color;
      ctx.lineWidth = 2;
      ctx.setLineDash(style.dash);
      ctx.beginPath();
      ctx.moveTo(marker.px, chartArea.top);
      ctx.lineTo(marker.px, chartArea.bottom);
      ctx.stroke();

      ctx.setLineDash([]);
      // A line in a crowd has no badge: the one before it carries its number.
      if (marker.text === '') continue;
      const width = badgeWidth(marker.text);
      // Kept inside the plot: a badge on the left or right edge slides in.
      const left = Math.min(Math.max(marker.left, chartArea.left), chartArea.right - width);
      const top = chartArea.top + 2 + marker.lane * BADGE_ROW;
      ctx.fillStyle = color;
      roundedRect(ctx, left, top, width, BADGE_HEIGHT, 4);
      ctx.fill();
      ctx.fillStyle = markerText;
      ctx.font = '600 11px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(marker.text, left + width / 2, top + BADGE_HEIGHT / 2 + 0.5);
    }
    ctx.restore();
  },
};
