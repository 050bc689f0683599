import { useId, type ReactElement, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../icons/Icon';
import { OfflineBanner } from '../feedback/OfflineBanner';
import { cx } from '../../lib/cx';
import { PRODUCT_NAME } from '../../lib/useDocumentTitle';
import './public.css';

export interface PublicLayoutProps {
  children: ReactNode;
  /**
   * `narrow` for forms and status cards, `wide` for the auth page, `reading` for long text,
   * `page` for a page of cards, charts and tables (a shared record), under a compact header.
   */
  width?: 'narrow' | 'wide' | 'reading' | 'page';
  tagline?: string;
  /** On a page without its own h1 (the auth page), the product name is the h1. */
  brandAsHeading?: boolean;
  /** False where the visitor has no account to sign in to (a shared record): the brand is plain text. */
  brandLink?: boolean;
}

/** Frame of the public screens: brand at the top, centred content, legal links at the foot. */
export function PublicLayout({
  children,
  width = 'narrow',
  tagline,
  brandAsHeading = false,
  brandLink = true,
}: PublicLayoutProps): ReactElement {
  const Brand = brandAsHeading ? 'h1' : 'div';
  const brand = (
    <>
      <span className="brand-mark" aria-hidden="true">
        <Icon name="logo" size={22} />
      </span>
      <span className="brand-name">{PRODUCT_NAME}</span>
    </>
  );
  return (
    <div className={cx('public', width === 'page' && 'public-page')}>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <OfflineBanner>Signing in and shared records need a connection.</OfflineBanner>
      <header className="public-header">
        <Brand className="public-brand-wrap">
          {brandLink ? (
            <Link to="/auth" className="public-brand">
              {brand}
            </Link>
          ) : (
            <span className="public-brand">{brand}</span>
          )}
        </Brand>
        {tagline ? <p className="public-tagline">{tagline}</p> : null}
      </header>
      <main id="main-content" className={cx('public-main', `public-main-${width}`)} tabIndex={-1}>
        {children}
      </main>
      <footer className="public-footer">
        <nav aria-label="Legal">
          <Link to="/terms-of-service">Terms of Service</Link>
          <span aria-hidden="true">·</span>
          <Link to="/privacy-policy">Privacy Policy</Link>
        </nav>
      </footer>
    </div>
  );
}

export interface StatusCardProps {
  icon?: ReactNode;
  tone?: 'neutral' | 'success' | 'danger' | 'warning';
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/** A centred card with an icon, heading, text and actions: the shape of every status screen. */
export function StatusCard({ icon, tone = 'neutral', title, children, actions }: StatusCardProps): ReactElement {
  const titleId = useId();
  return (
    <section className={cx('card status-card', `status-card-${tone}`)} aria-labelledby={titleId}>
      {icon ? <div className="status-card-icon">{icon}</div> : null}
      <h1 id={titleId} className="status-card-title">
        {title}
      </h1>
      {children ? <div className="status-card-body">{children}</div> : null}
      {actions ? <div className="status-card-actions">{actions}</div> : null}
    </section>
  );
}
