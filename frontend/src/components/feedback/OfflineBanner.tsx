import type { ReactElement, ReactNode } from 'react';
import { Icon } from '../icons/Icon';
import { useOnline } from '../../lib/connection';
import './feedback.css';

/**
 * The app-wide "You're offline" line under the header of the signed-in shell and the public
 * layout. `children` says what still works on that side of the app.
 */
export function OfflineBanner({ children }: { children?: ReactNode }): ReactElement {
  const online = useOnline();
  // The live region stays mounted so screen readers announce going offline; the banner
  // inside is the status (an empty status while online would only be noise).
  return (
    <div className="offline-banner-region" aria-live="polite">
      {online ? null : (
        <div className="offline-banner" role="status">
          <Icon name="wifi-off" size={18} className="offline-banner-icon" />
          <p>
            <strong>You&apos;re offline.</strong> {children}
          </p>
        </div>
      )}
    </div>
  );
}
