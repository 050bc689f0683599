import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';

/** The header links of the pages that list readings (dashboard and history). */
export function ReadingsPageActions(): ReactElement {
  return (
    <>
      <Link className="btn btn-secondary" to="/reports">
        Reports
      </Link>
      <Link className="btn btn-primary" to="/vitals">
        Record Vitals
      </Link>
    </>
  );
}
