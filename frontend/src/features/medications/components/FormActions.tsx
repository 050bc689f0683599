import type { ReactElement, ReactNode } from 'react';
import { SubmitButton } from '../../../components/form/SubmitButton';

export interface FormActionsProps {
  pending: boolean;
  pendingLabel: string;
  onCancel: () => void;
  disabled?: boolean;
  children: ReactNode;
}

/** The medication forms' Cancel and submit buttons, side by side at the end. */
export function FormActions({ pending, pendingLabel, onCancel, disabled, children }: FormActionsProps): ReactElement {
  return (
    <div className="med-actions">
      <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </button>
      <SubmitButton className="med-submit" pending={pending} pendingLabel={pendingLabel} disabled={disabled}>
        {children}
      </SubmitButton>
    </div>
  );
}
