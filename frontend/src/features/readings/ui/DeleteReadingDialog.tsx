import type { ReactElement } from 'react';
import { formatDate } from '../../../lib/dates';
import type { Reading } from '../api/readings';
import { Dialog } from '../../../components/dialog/Dialog';

export interface DeleteReadingDialogProps {
  reading: Reading;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirmation before a reading is deleted (dashboard and history). */
export function DeleteReadingDialog({ reading, busy, onConfirm, onCancel }: DeleteReadingDialogProps): ReactElement {
  return (
    <Dialog
      title="Delete this reading?"
      description={
        <p>
          The reading of {formatDate(reading.date)} at {reading.time} will be removed for good. This cannot be undone.
        </p>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
