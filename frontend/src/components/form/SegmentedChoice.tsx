/**
 * One choice among a few, shown as joined segments (radio buttons underneath, so the
 * keyboard and screen readers treat it as the radio group it is). The one home of this
 * control: units in Preferences, morning/evening in the guided measurement.
 */
import { useId, type ReactElement } from 'react';
import { FieldError } from './FieldError';
import { useSteadyError } from './useSteadyError';

import './segmented.css';

export interface SegmentOption<T extends string> {
  value: T;
  label: string;
}

export interface SegmentedChoiceProps<T extends string> {
  /** The radio group's name. */
  name: string;
  options: ReadonlyArray<SegmentOption<T>>;
  value: T | null;
  onChange: (value: T) => void;
  disabled?: boolean;
  /** `large`: 48 px segments, for a phone held in one hand. */
  size?: 'normal' | 'large';
  /** Marks each radio invalid (the group's error is shown by `SegmentedFieldset`). */
  invalid?: boolean;
}

export function SegmentedChoice<T extends string>({
  name,
  options,
  value,
  onChange,
  disabled = false,
  size = 'normal',
  invalid = false,
}: SegmentedChoiceProps<T>): ReactElement {
  return (
    <div className={size === 'large' ? 'segmented segmented-large' : 'segmented'}>
      {options.map((option) => (
        <label key={option.value} className="segment">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

/**
 * A SegmentedChoice under its legend, which names the group for the eye and for screen
 * readers; with an `error` (a required choice not made), the error under it describes the group.
 */
export function SegmentedFieldset<T extends string>({
  legend,
  error: latestError,
  ...choice
}: SegmentedChoiceProps<T> & { legend: string; error?: string | undefined }): ReactElement {
  const error = useSteadyError(latestError);
  const errorId = `${useId()}-error`;
  return (
    <fieldset
      className={error ? 'segmented-fieldset field-invalid' : 'segmented-fieldset'}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field-label">{legend}</legend>
      <SegmentedChoice {...choice} invalid={error !== undefined} />
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
