import type { ReactElement } from 'react';

/** The list's and the medication page's mark of a medication taken for blood pressure. */
export function BloodPressureTag(): ReactElement {
  return (
    <span className="med-badge">
      {/* The tag's two words alone would not say what it means to someone hearing the list. */}
      <span className="visually-hidden">Taken for blood pressure</span>
      <span aria-hidden="true">Blood pressure</span>
    </span>
  );
}
