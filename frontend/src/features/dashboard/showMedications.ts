import { useState } from 'react';

/** Where the blood pressure chart remembers whether it shows medications (this browser). */
export const SHOW_MEDICATIONS_KEY = 'vitalog.chart.showMedications';

function stored(storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(SHOW_MEDICATIONS_KEY) !== 'false';
  } catch {
    return true;
  }
}

/**
 * "Show medications" on the blood pressure chart: on until turned off, and remembered in this
 * browser (a display choice; it says nothing the page does not show anyway).
 */
export function useShowMedications(storage: Storage | undefined = globalThis.localStorage): [boolean, (show: boolean) => void] {
  const [show, setShow] = useState(() => stored(storage));
  return [
    show,
    (next) => {
      setShow(next);
      try {
        storage?.setItem(SHOW_MEDICATIONS_KEY, String(next));
      } catch {
        // Storage unavailable: the choice lasts as long as the page.
      }
    },
  ];
}
