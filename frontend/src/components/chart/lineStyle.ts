/** How a series is drawn (no chart.js code here, only its types: cheap to test). */
import type { ChartDataset, PointStyle } from 'chart.js';
import type { ChartTheme, SeriesColor } from './chartTheme';

export interface TimePoint {
  /** Local timestamp (ms). */
  x: number;
  y: number;
  /**
   * Why this point stands out (e.g. 'In the Hypertensive Crisis range'): it is drawn as a
   * larger triangle in the alert colour (the theme's `mark`), and the text is a line of its tooltip. Shape and
   * text, not colour alone, carry the meaning.
   */
  mark?: string;
  /**
   * Why this point is set apart without alarm (e.g. 'Taken at the clinic'): it is drawn as a
   * diamond in the series' colour, and the text is a line of its tooltip. A `mark` wins the
   * shape and colour; both texts are shown.
   */
  aside?: string;
}

export interface TimeSeries {
  label: string;
  /** What the series shows; the theme gives its colour. */
  color: SeriesColor;
  points: ReadonlyArray<TimePoint>;
}

/** The shape of marked points; plain points are circles. */
export const MARK_POINT_STYLE = 'triangle';
/** The shape of points set apart (`aside`). */
export const ASIDE_POINT_STYLE = 'rectRot';
const MARK_RADIUS = 6;
const ASIDE_RADIUS = 5;
/** Above this many points, plain points shrink so the line stays readable. */
const DENSE_POINTS = 120;

/**
 * The chart.js dataset of one series. Points are joined by straight segments: a curve
 * would show values between two readings that were never measured (a smoothed line
 * overshoots between close points). Points are not clipped at the plot's edges, so a
 * reading on the edge (the newest one, on the right) is drawn whole.
 */
export function lineDataset(series: TimeSeries, theme: Pick<ChartTheme, 'series' | 'mark'>): ChartDataset<'line', TimePoint[]> {
  const color = theme.series[series.color];
  const markColor = theme.mark;
  const plainRadius = series.points.length > DENSE_POINTS ? 1.5 : 3;
  const marked = (p: TimePoint): boolean => p.mark !== undefined;
  const apart = (p: TimePoint): boolean => p.aside !== undefined && !marked(p);
  // An option given per point (an array) makes chart.js resolve every point's options one
  // by one; a single value is resolved once and shared. Only a series with marks needs arrays.
  const anyMarked = series.points.some((p) => marked(p) || apart(p));
  const perPoint = <T>(mark: T, plain: T, aside: T = plain): T | T[] =>
    anyMarked ? series.points.map((p) => (marked(p) ? mark : apart(p) ? aside : plain)) : plain;
  return {
    label: series.label,
    data: [...series.points],
    borderColor: color,
    backgroundColor: color,
    borderWidth: 2,
    tension: 0,
    cubicInterpolationMode: 'default',
    stepped: false,
    clip: false,
    pointStyle: perPoint<PointStyle>(MARK_POINT_STYLE, 'circle', ASIDE_POINT_STYLE),
    pointRadius: perPoint(MARK_RADIUS, plainRadius, ASIDE_RADIUS),
    pointHoverRadius: perPoint(MARK_RADIUS + 2, 5, ASIDE_RADIUS + 2),
    pointBackgroundColor: perPoint(markColor, color),
    pointBorderColor: perPoint(markColor, color),
    // Hovered points grow but keep their colour (the mark stays recognisable).
    pointHoverBackgroundColor: perPoint(markColor, color),
    pointHoverBorderColor: perPoint(markColor, color),
  };
}

/** The marks and asides of the points under the pointer, each once (the tooltip's extra lines). */
export function tooltipMarks(points: ReadonlyArray<TimePoint>): string[] {
  return [...new Set(points.flatMap((p) => [p.mark, p.aside].filter((t): t is string => t !== undefined)))];
}
