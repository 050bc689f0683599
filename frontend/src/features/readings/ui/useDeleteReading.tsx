import { useState, type ReactElement } from 'react';
import { formatDate } from '../../../lib/dates';
import { deleteReading, useRefreshReadings, type Reading } from '../api/readings';
import { useToast, type ToastOptions } from '../../../components/toast';
import { DeleteReadingDialog } from './DeleteReadingDialog';

export interface DeleteReadingFlow {
  /** Asks to delete this reading (opens the confirmation). */
  requestDelete: (reading: Reading) => void;
  /** The confirmation dialog while a deletion is asked, else null. */
  dialog: ReactElement | null;
}

/**
 * Deleting a reading from a list (dashboard and history): confirm, delete, refresh the
 * readings and say so; `failureToast` is what the page says when the server refuses.
 */
export function useDeleteReading(failureToast: (error: unknown) => ToastOptions): DeleteReadingFlow {
  const { toast } = useToast();
  const refreshReadings = useRefreshReadings();
  const [toDelete, setToDelete] = useState<Reading | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirmDelete = async (reading: Reading): Promise<void> => {
    setDeleting(true);
    try {
      await deleteReading(reading.id);
      await refreshReadings();
      toast({ title: 'Reading deleted', description: `The reading of ${formatDate(reading.date)} ${reading.time} was deleted.` });
      setToDelete(null);
    } catch (error) {
      toast(failureToast(error));
    } finally {
      setDeleting(false);
    }
  };

  const dialog = toDelete ? (
    <DeleteReadingDialog
      reading={toDelete}
      busy={deleting}
      onConfirm={() => void confirmDelete(toDelete)}
      onCancel={() => setToDelete(null)}
    />
  ) : null;
  return { requestDelete: setToDelete, dialog };
}
