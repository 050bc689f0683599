import { useId, type ReactElement, type ReactNode } from 'react';
import { Icon } from '../icons/Icon';
import './feedback.css';

export interface NeedsConnectionProps {
  /** What needs the server, e.g. "Reports"; read as "<title> needs a connection". */
  title?: string;
  /** Extra words under the message, e.g. what still works offline. */
  children?: ReactNode;
}

/**
 * Shown instead of a page (or a part of one) that can only work with the server while the
 * browser is offline: a calm note rather than a spinner that never ends or a raw network
 * error. It is not an alert: being offline is a state, not a failure the user caused.
 */
export function NeedsConnection({ title = 'This page', children }: NeedsConnectionProps): ReactElement {
  const headingId = useId();
  return (
    <section className="needs-connection" aria-labelledby={headingId}>
      <Icon name="wifi-off" size={28} className="needs-connection-icon" />
      <h2 id={headingId}>You&apos;re offline</h2>
      <p>{title} needs a connection; it will load when you&apos;re back.</p>
      {children ? <div className="needs-connection-extra">{children}</div> : null}
    </section>
  );
}
