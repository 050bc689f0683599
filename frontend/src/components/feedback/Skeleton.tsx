import type { CSSProperties, ReactElement } from 'react';
import { cx } from '../../lib/cx';
import './feedback.css';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
}

/** A shimmering placeholder block; decorative (the surrounding region says what loads). */
export function Skeleton({ width = '100%', height = 16, radius, className }: SkeletonProps): ReactElement {
  return (
    <span
      className={cx('skeleton', className)}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}

/** Placeholder for a page while its code or data loads. */
export function PageSkeleton({ label = 'Loading page…' }: { label?: string }): ReactElement {
  return (
    <div className="page-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <div className="progress-bar" aria-hidden="true">
        <span />
      </div>
      <Skeleton width="40%" height={28} />
      <Skeleton width="70%" height={16} />
      <div className="page-skeleton-grid">
        <Skeleton height={120} radius={12} />
        <Skeleton height={120} radius={12} />
      </div>
    </div>
  );
}
