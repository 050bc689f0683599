import { useState, type ReactElement } from 'react';
import { Icon } from '../icons/Icon';
import { applyUpdate, useUpdateAvailable } from '../../lib/serviceWorker';
import './feedback.css';

/**
 * "A new version is available — Reload": shown on every screen once a new release of the
 * client is installed and waiting. The user chooses when (a reload now could lose a form
 * being filled in); "Later" hides it until the next page load.
 */
export function UpdatePrompt(): ReactElement | null {
  const available = useUpdateAvailable();
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);
  // The live region stays mounted so screen readers announce the message when it appears.
  const open = available && !dismissed;
  return (
    <div className="update-prompt-region" aria-live="polite">
      {open ? (
        <div className="update-prompt" role="status">
          <Icon name="info" size={20} className="update-prompt-icon" />
          <p className="update-prompt-text">A new version is available</p>
          <div className="update-prompt-actions">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={reloading}
              onClick={() => {
                setReloading(true);
                applyUpdate();
              }}
            >
              {reloading ? 'Reloading…' : 'Reload'}
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setDismissed(true)}>
              Later
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
