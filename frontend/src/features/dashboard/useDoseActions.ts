import { useState } from 'react';
import { useMedicationWrite, type WriteOptions } from '../medications/ui/useMedicationWrite';
import { formatDate, formatTime12 } from '../../lib/dates';
import { markAllTaken, recordIntake, undoIntake, type AsNeededLog, type Dose } from '../medications/api/medications';

/** The key of a dose slot (one medication at one time): which row is busy. */
export const slotKey = (medicationId: number, time: string): string => `${medicationId}@${time}`;

export interface DoseActions {
  /** The slot whose request runs ('all' for Mark all taken), null when none. */
  busy: string | null;
  take: (dose: Dose) => Promise<void>;
  skip: (dose: Dose, reason: string) => Promise<boolean>;
  undo: (medicationId: number, intakeId: number, what: string) => Promise<void>;
  log: (medication: AsNeededLog, time: string) => Promise<boolean>;
  takeAll: (count: number) => Promise<void>;
}

/**
 * What the doses card does for `date` (YYYY-MM-DD, the day shown): each write confirms with a
 * toast (taking one offers Undo) or says why it failed, and the day is fetched again.
 */
export function useDoseActions(date: string, today: string): DoseActions {
  const write = useMedicationWrite();
  const [busy, setBusy] = useState<string | null>(null);
  const day = date === today ? '' : ` on ${formatDate(date)}`;

  const run = async <T>(key: string, action: () => Promise<T>, options: WriteOptions<T>): Promise<boolean> => {
    setBusy(key);
    try {
      return (await write(action, options)).ok;
    } finally {
      setBusy(null);
    }
  };

  const undo = async (medicationId: number, intakeId: number, what: string): Promise<void> => {
    await run(`undo-${intakeId}`, () => undoIntake(medicationId, intakeId), {
      failure: 'The dose could not be undone',
      success: { title: 'Dose undone', description: `${what} is no longer recorded.` },
    });
  };

  return {
    busy,
    take: async (dose) => {
      const what = `${dose.name} ${dose.doseLabel}, ${formatTime12(dose.time)}`;
      await run(slotKey(dose.medicationId, dose.time), () => recordIntake(dose.medicationId, { date, time: dose.time, status: 'taken' }), {
        failure: 'The dose could not be recorded',
        success: (intake) => ({
          title: 'Dose taken',
          description: `${what}${day}.`,
          action: { label: 'Undo', onClick: () => void undo(dose.medicationId, intake.intakeId, what) },
        }),
      });
    },
    skip: (dose, reason) => {
      const trimmed = reason.trim();
      return run(
        slotKey(dose.medicationId, dose.time),
        () => recordIntake(dose.medicationId, { date, time: dose.time, status: 'skipped', reason: trimmed === '' ? null : trimmed }),
        {
          failure: 'The dose could not be recorded',
          success: { title: 'Dose skipped', description: `${dose.name} ${dose.doseLabel}, ${formatTime12(dose.time)}${day}.` },
        },
      );
    },
    undo,
    log: (medication, time) =>
      run(slotKey(medication.medicationId, 'log'), () => recordIntake(medication.medicationId, { date, time, status: 'taken' }), {
        failure: 'The dose could not be logged',
        success: (intake) => ({
          title: 'Dose logged',
          description: `${medication.name} ${medication.doseLabel} at ${formatTime12(time)}${day}.`,
          action: { label: 'Undo', onClick: () => void undo(medication.medicationId, intake.intakeId, `${medication.name} at ${formatTime12(time)}`) },
        }),
      }),
    takeAll: async (count) => {
      await run('all', () => markAllTaken(date), {
        failure: 'The doses could not be recorded',
        success: { title: count === 1 ? 'Dose taken' : 'All doses taken', description: `${count} ${count === 1 ? 'dose' : 'doses'} marked taken${day}.` },
      });
    },
  };
}
