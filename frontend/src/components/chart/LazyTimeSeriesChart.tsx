import type { ReactElement } from 'react';
import { Skeleton } from '../feedback/Skeleton';
import { ChartComponent } from './loadChart';
import './chart.css';

// chart.js is the heaviest code of the app: pages load it after themselves, behind the
// charts' skeletons, so their headings and numbers show first. A page starts the download
// with its own data request (`preloadChart`), not after the data arrive.
export { preloadChart } from './loadChart';

/** `TimeSeriesChart`, loaded on first use: render it inside a `Suspense` with a `ChartSkeleton`. */
export const LazyTimeSeriesChart = ChartComponent;

/** The place of a chart while its data or code loads. */
export function ChartSkeleton({ title }: { title: string }): ReactElement {
  return (
    <div className="chart-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">Loading {title}…</span>
      <Skeleton height="100%" radius={8} />
    </div>
  );
}
