import type { ReactElement } from 'react';
import { Dialog } from '../../../components/dialog/Dialog';

export interface StopWeekDialogProps {
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirmation before the running week is stopped. */
export function StopWeekDialog({ busy, onConfirm, onCancel }: StopWeekDialogProps): ReactElement {
  return (
    <Dialog
      title="Stop this home monitoring week?"
      description={<p>Vitalog stops following this week now. Your readings stay in your history.</p>}
      confirmLabel="Stop the week"
      pendingLabel="Stopping..."
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
