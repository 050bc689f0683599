/**
 * The charts' colours, read from the design tokens (tokens.css's --chart-* and tooltip
 * tokens): the one place canvas drawing gets a colour. A canvas cannot use CSS variables, so
 * the values are read from the document in the theme in force, and read again (and the chart
 * redrawn) when the theme changes. No chart.js here.
 */
import { useMemo } from 'react';
import { useTheme, type Theme } from '../../lib/theme';
import type { MarkerKind } from './eventMarkers';

/** A series' colour, by what it shows (ChartSpec.colors, TimeSeries.color). */
export type SeriesColor = 'systolic' | 'diastolic' | 'heartRate' | 'weight' | 'sugar';

export interface ChartTheme {
  /** The theme these colours were read in. */
  name: Theme;
  /** Tick labels and legend text. */
  text: string;
  /** The font family of the charts' text: the page's own (tokens.css's --font-sans). */
  font: string;
  /** The axes' lines. */
  axis: string;
  /** The value grid. */
  grid: string;
  /** Marked points (see TimePoint.mark). */
  mark: string;
  series: Readonly<Record<SeriesColor, string>>;
  /** Event markers' lines and badges, and the badges' numbers. */
  markers: Readonly<Record<MarkerKind, string>>;
  markerText: string;
  tooltipBg: string;
  tooltipText: string;
}

const SERIES_TOKENS: Readonly<Record<SeriesColor, string>> = {
  systolic: '--chart-systolic',
  diastolic: '--chart-diastolic',
  heartRate: '--chart-heart-rate',
  weight: '--chart-weight',
  sugar: '--chart-sugar',
};

const MARKER_TOKENS: Readonly<Record<MarkerKind, string>> = {
  started: '--chart-marker-started',
  changed: '--chart-marker-changed',
  stopped: '--chart-marker-stopped',
};

function mapValues<K extends string>(tokens: Readonly<Record<K, string>>, read: (token: string) => string): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(tokens).map(([key, token]) => [key, read(token)])) as Record<K, string>;
}

/**
 * The chart colours the document's tokens give now, in the theme `name` (the one in force);
 * empty strings where no stylesheet is loaded (unit tests).
 */
export function readChartTheme(name: Theme, root: Element = document.documentElement): ChartTheme {
  const style = getComputedStyle(root);
  const read = (token: string): string => style.getPropertyValue(token).trim();
  return {
    name,
    text: read('--chart-text'),
    font: read('--font-sans'),
    axis: read('--chart-axis'),
    grid: read('--chart-grid'),
    mark: read('--chart-mark'),
    series: mapValues(SERIES_TOKENS, read),
    markers: mapValues(MARKER_TOKENS, read),
    markerText: read('--chart-marker-text'),
    tooltipBg: read('--color-tooltip-bg'),
    tooltipText: read('--color-tooltip-text'),
  };
}

/** The chart colours of the theme in force; a new object (so a redraw) when the theme changes. */
export function useChartTheme(): ChartTheme {
  const theme = useTheme();
  return useMemo(() => readChartTheme(theme), [theme]);
}
