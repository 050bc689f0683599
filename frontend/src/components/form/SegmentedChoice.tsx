/**
 * One choice among a few, shown as joined segments (radio buttons underneath, so the
 * keyboard and screen readers treat it as the radio group it is). The one home of this
 * control: units in Preferences, morning/evening in the guided measurement.
 */
import type { ReactElement } from 'react';

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
}

export function SegmentedChoice<T extends string>({
  name,
  options,
  value,
  onChange,
  disabled = false,
  size = 'normal',
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
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

/** A SegmentedChoice under its legend, which names the group for the eye and for screen readers. */
export function SegmentedFieldset<T extends string>({
  legend,
  ...choice
}: SegmentedChoiceProps<T> & { legend: string }): ReactElement {
  return (
    <fieldset className="segmented-fieldset">
      <legend className="field-label">{legend}</legend>
      <SegmentedChoice {...choice} />
    </fieldset>
  );
}
