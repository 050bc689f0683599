import type { ReactElement } from 'react';

/**
 * What one file and one record may hold, behind a disclosure under the file field. The
 * numbers are the server's bounds (readings::quota, imports::formats, the imports-per-day
 * rate); a refusal past them says the same words.
 */
export function ImportLimits(): ReactElement {
  return (
    <details className="profile-details">
      <summary>Limits</summary>
      <div className="profile-details-body text-sm">
        <ul>
          <li>One file: up to 500 MB and 100,000 readings.</li>
          <li>Your record: up to 200,000 readings and 32 MB of notes in all.</li>
          <li>Up to 20 imports a day.</li>
        </ul>
        <p>Far more than years of readings need. If a file is larger, export a shorter period or split it.</p>
      </div>
    </details>
  );
}
