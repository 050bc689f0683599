import type { ChangeEvent, ReactElement } from 'react';
import type { FormikProps } from 'formik';
import { FieldError } from '../../../components/form/FieldError';
import { SelectField } from '../../../components/form/SelectField';
import { TextField } from '../../../components/form/TextField';
import { useSteadyError } from '../../../components/form/useSteadyError';
import { formatDate } from '../../../lib/dates';
import { FREQUENCIES, STRENGTH_UNITS, frequencyInfo, timesFor, weekdayOf } from '../model/medicationCodes';
import type { DoseValues } from '../schemas';

const ORDINALS = ['First', 'Second', 'Third'] as const;

/** The label of the `i`-th of `count` dose time inputs. */
export function timeLabel(i: number, count: number): string {
  return count === 1 ? 'Time' : `${ORDINALS[i] ?? `Dose ${i + 1}`} dose`;
}

/** What the chosen frequency means for the times, in a sentence. */
export function frequencyHint(frequency: string, startDate: string): string | null {
  if (frequency === 'weekly') {
    const day = weekdayOf(startDate);
    return day
      ? `Once a week, on the start date's weekday: every ${day}.`
      : "Once a week, on the start date's weekday.";
  }
  if (frequency === 'as-needed') return 'No set times: log each dose when you take it.';
  return null;
}

export interface DoseFieldsProps<V extends DoseValues> {
  formik: FormikProps<V>;
  fieldError: (name: keyof V) => string | undefined;
  /** Prefix of the inputs' ids (one form per page may use these fields). */
  idPrefix: string;
  /** The start date's label: 'Start date' for a new medication, 'From' for a change. */
  startLabel: string;
  startHint?: string;
}

/**
 * Strength and unit, how often, the dose times (as many inputs as the frequency takes) and
 * the first day of the dose: the Add medication and Change dose forms' shared part.
 */
export function DoseFields<V extends DoseValues>({
  formik,
  fieldError,
  idPrefix,
  startLabel,
  startHint,
}: DoseFieldsProps<V>): ReactElement {
  const { values } = formik;
  const count = frequencyInfo(values.frequency).times;
  const timesError = useSteadyError(fieldError('times'));
  const hint = frequencyHint(values.frequency, values.startDate);
  const hintId = `${idPrefix}-frequency-hint`;

  const text = (name: 'strength' | 'startDate') => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      void formik.setFieldValue(name, event.target.value);
    },
    onBlur: formik.handleBlur,
    error: fieldError(name),
  });

  const setTime = (i: number, value: string): void => {
    const next = [...values.times];
    next[i] = value;
    void formik.setFieldValue('times', next);
  };

  return (
    <>
      <div className="med-grid med-grid-strength">
        <TextField
          id={`${idPrefix}-strength`}
          label="Strength"
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          placeholder="e.g. 10"
          required
          {...text('strength')}
        />
        <SelectField
          id={`${idPrefix}-unit`}
          label="Unit"
          name="unit"
          options={STRENGTH_UNITS}
          value={values.unit}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={fieldError('unit')}
        />
      </div>
      <SelectField
        id={`${idPrefix}-frequency`}
        label="How often"
        name="frequency"
        options={FREQUENCIES}
        value={values.frequency}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => {
          void formik.setFieldValue('frequency', event.target.value);
          void formik.setFieldValue('times', timesFor(event.target.value));
        }}
        onBlur={formik.handleBlur}
        error={fieldError('frequency')}
      />
      {hint ? (
        <p id={hintId} className="field-hint med-frequency-hint">
          {hint}
        </p>
      ) : null}
      {count > 0 ? (
        <fieldset className={timesError ? 'med-times field-invalid' : 'med-times'}>
          <legend className="field-label">{count === 1 ? 'Dose time' : 'Dose times'}</legend>
          <div className="med-times-inputs">
            {Array.from({ length: count }, (_, i) => {
              const id = `${idPrefix}-time-${i}`;
              return (
                <div key={id} className="field">
                  <label className="field-label med-time-label" htmlFor={id}>
                    {timeLabel(i, count)}
                  </label>
                  <input
                    id={id}
                    name={`times.${i}`}
                    type="time"
                    className="field-input"
                    value={values.times[i] ?? ''}
                    onChange={(event) => setTime(i, event.target.value)}
                    onBlur={() => void formik.setFieldTouched('times', true)}
                    aria-invalid={timesError ? true : undefined}
                    aria-describedby={timesError ? `${idPrefix}-times-error` : undefined}
                  />
                </div>
              );
            })}
          </div>
          <FieldError id={`${idPrefix}-times-error`} error={timesError} />
        </fieldset>
      ) : null}
      <TextField
        id={`${idPrefix}-start`}
        label={startLabel}
        type="date"
        required
        hint={startHint ?? (values.startDate && weekdayOf(values.startDate) ? `${weekdayOf(values.startDate)}, ${formatDate(values.startDate)}` : undefined)}
        {...text('startDate')}
      />
    </>
  );
}
