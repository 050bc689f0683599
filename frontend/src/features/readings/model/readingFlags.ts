/**
 * What a cuff said about a reading (its Measurement Status) and whether its time is the cuff's
 * own, in the words every screen uses: History, the dashboard, the reading's detail and the
 * cuff panel. The server stores and counts the same codes (`flags` on a reading).
 */
import type { ReadingFlag } from '../../../lib/apiTypes';

export type { ReadingFlag };

export const FLAG_LABELS: Readonly<Record<ReadingFlag, string>> = {
  'irregular-pulse': 'Irregular pulse',
  'body-movement': 'Body movement',
  'cuff-loose': 'Cuff too loose',
  'pulse-out-of-range': 'Pulse out of range',
  'improper-position': 'Improper position',
  'clock-unsure': 'Time unsure',
};

/** Why each flag matters, said plainly (a cuff's flag is not a diagnosis). */
export const FLAG_HINTS: Readonly<Record<ReadingFlag, string>> = {
  'irregular-pulse': 'The cuff detected an irregular pulse during this measurement. One reading says little; tell your doctor if it keeps appearing.',
  'body-movement': 'The cuff detected movement during the measurement, which can change the result.',
  'cuff-loose': 'The cuff reported it was too loose, which can make the result read high.',
  'pulse-out-of-range': 'The pulse was outside the range the cuff measures reliably.',
  'improper-position': 'The cuff reported it was not at heart level or not placed as its maker advises.',
  'clock-unsure': "The cuff's clock was off when this reading was taken from it, so its date and time may be wrong.",
};

/** The flags worth a mark on a row, in the order shown: the irregular pulse first. */
export function sortedFlags(flags: readonly ReadingFlag[]): ReadingFlag[] {
  const order = Object.keys(FLAG_LABELS) as ReadingFlag[];
  return [...flags].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}
