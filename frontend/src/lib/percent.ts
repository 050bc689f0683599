/**
 * A share as a person reads it (issue 36), the client's twin of the server's
 * `kernel::display::percent`: whole per cent, but never "0%" for something that happened
 * ("<1%", 1 of 758) nor "100%" for something that did not always happen (">99%").
 * Null when there is no whole.
 */
export function percentText(part: number, whole: number): string | null {
  if (whole <= 0) return null;
  const share = (part * 100) / whole;
  if (part > 0 && share < 1) return '<1%';
  if (part < whole && share > 99) return '>99%';
  return `${Math.round(share)}%`;
}
