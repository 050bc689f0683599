import type { ReactElement, ReactNode } from 'react';
import { UNITS_UNKNOWN_MESSAGE, usePreferences } from '../../../lib/preferences';
import { Alert } from '../../../components/feedback/Alert';

/**
 * A calm warning, wherever units are shown, while the user's unit preferences could not
 * be loaded (the screens then use lbs and mg/dL), with a retry. Renders nothing otherwise.
 */
export function UnitsUnknownAlert({ children }: { children?: ReactNode }): ReactElement | null {
  const { isLoaded, unitsKnown, mutate } = usePreferences();
  if (!isLoaded || unitsKnown) return null;
  return (
    <Alert variant="warning" role="status" className="units-unknown-alert">
      <p>{UNITS_UNKNOWN_MESSAGE}</p>
      {children}
      <p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void mutate()}>
          Retry
        </button>
      </p>
    </Alert>
  );
}
