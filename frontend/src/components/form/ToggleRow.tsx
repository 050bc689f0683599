import type { ReactElement, ReactNode } from 'react';
import './form.css';

export interface ToggleRowProps {
  id: string;
  name: string;
  label: string;
  description: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Shown under the row (e.g. the reminder time while reminders are on). */
  children?: ReactNode;
}

/**
 * An on/off switch (a checkbox with the switch role) with its label and explanation: the one
 * home of this control (email reminders and weekly reports in Preferences, a medication's
 * dose reminders).
 */
export function ToggleRow({ id, name, label, description, checked, onChange, disabled, children }: ToggleRowProps): ReactElement {
  return (
    <div className="toggle-row-group">
      <div className="toggle-row">
        <div className="toggle-row-text">
          <label htmlFor={id} className="field-label">
            {label}
          </label>
          <p id={`${id}-description`} className="text-muted text-sm">
            {description}
          </p>
        </div>
        <input
          id={id}
          name={name}
          type="checkbox"
          role="switch"
          className="toggle-switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={`${id}-description`}
          onChange={(event) => onChange(event.target.checked)}
        />
      </div>
      {children}
    </div>
  );
}
