import type { ReactElement, ReactNode } from 'react';
import { Icon, type IconName } from '../icons/Icon';
import { Skeleton } from '../feedback/Skeleton';
import { Alert } from '../feedback/Alert';
import './section.css';

export interface SectionCardProps {
  id: string;
  title: string;
  description: ReactNode;
  icon: IconName;
  children: ReactNode;
}

/** One card of the profile page; its id is the URL hash that scrolls to it. */
export function SectionCard({ id, title, description, icon, children }: SectionCardProps): ReactElement {
  const headingId = `${id}-heading`;
  return (
    <section id={id} className="card profile-section" aria-labelledby={headingId} tabIndex={-1}>
      <div className="profile-section-header">
        <span className="profile-section-icon" aria-hidden="true">
          <Icon name={icon} size={20} />
        </span>
        <div>
          <h2 id={headingId} className="profile-section-title">
            {title}
          </h2>
          <p className="profile-section-description">{description}</p>
        </div>
      </div>
      <div className="profile-section-body">{children}</div>
    </section>
  );
}

/** Placeholder rows shaped like a form while the section's data loads. */
export function SectionSkeleton({ label, rows = 3 }: { label: string; rows?: number }): ReactElement {
  return (
    <div className="profile-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="profile-skeleton-row">
          <Skeleton width="30%" height={14} />
          <Skeleton height={44} radius={6} />
        </div>
      ))}
      <Skeleton width={140} height={44} radius={6} className="profile-skeleton-button" />
    </div>
  );
}

/** A load failure with a way to try again. */
export function SectionLoadError({ what, onRetry }: { what: string; onRetry: () => void }): ReactElement {
  return (
    <Alert variant="danger" role="alert" title={`We couldn't load your ${what}.`}>
      <p>Check your connection and try again.</p>
      <button type="button" className="btn btn-secondary btn-sm profile-retry" onClick={onRetry}>
        Try again
      </button>
    </Alert>
  );
}
