import type { ChangeEvent, FocusEvent, ReactElement } from 'react';
import { TextField } from '../../../components/form/TextField';
import { DIASTOLIC, HEART_RATE, SYSTOLIC } from '../schema';

/** A text input's wiring from a form: value as typed, handlers, the error to show. */
export interface InputWiring {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
  error: string | undefined;
  /** Shown but not editable (a guided measurement's average), described by its explanation. */
  readOnly?: boolean;
  'aria-describedby'?: string;
}

/**
 * Systolic and diastolic (whole mmHg, numeric keypad, the rules' ranges): the Record Vitals
 * form's and each guided reading's. The caller lays them out.
 */
export function BpInputs({ idPrefix, systolic, diastolic }: { idPrefix: string; systolic: InputWiring; diastolic: InputWiring }): ReactElement {
  return (
    <>
      <TextField id={`${idPrefix}-systolic`} label="Systolic (mmHg)" type="number" inputMode="numeric" min={SYSTOLIC.min} max={SYSTOLIC.max} step={1} placeholder="e.g. 120" {...systolic} />
      <TextField id={`${idPrefix}-diastolic`} label="Diastolic (mmHg)" type="number" inputMode="numeric" min={DIASTOLIC.min} max={DIASTOLIC.max} step={1} placeholder="e.g. 80" {...diastolic} />
    </>
  );
}

/** Heart rate (whole bpm, numeric keypad, the rules' range). */
export function HeartRateInput({ id, label = 'Heart rate (bpm)', className, ...wiring }: InputWiring & { id: string; label?: string; className?: string }): ReactElement {
  return (
    <TextField id={id} className={className} label={label} type="number" inputMode="numeric" min={HEART_RATE.min} max={HEART_RATE.max} step={1} placeholder="e.g. 70" {...wiring} />
  );
}
