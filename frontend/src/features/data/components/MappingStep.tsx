import { useId, useLayoutEffect, useRef, type ReactElement } from 'react';
import { useFormik } from 'formik';
import { Alert } from '../../../components/feedback/Alert';
import { FieldError } from '../../../components/form/FieldError';
import { SegmentedFieldset, type SegmentOption } from '../../../components/form/SegmentedChoice';
import { SelectField } from '../../../components/form/SelectField';
import { useSteadyError } from '../../../components/form/useSteadyError';
import { BLOOD_SUGAR_UNIT_CHOICES, WEIGHT_UNIT_CHOICES } from '../../../lib/preferences';
import type { DateOrder, SniffDto } from '../../../lib/apiTypes';
import { IN_DATE_COLUMN, NOT_IN_FILE, columnLetter, validateMapping, type MappingValues, type MeasureField } from '../mapping';

const DATE_ORDERS: ReadonlyArray<SegmentOption<DateOrder>> = [
  { value: 'mdy', label: 'MM/DD' },
  { value: 'dmy', label: 'DD/MM' },
  { value: 'ymd', label: 'YYYY-MM-DD' },
];

const MEASURES: ReadonlyArray<{ field: MeasureField; label: string }> = [
  { field: 'systolic', label: 'Systolic' },
  { field: 'diastolic', label: 'Diastolic' },
  { field: 'heartRate', label: 'Heart rate' },
  { field: 'weight', label: 'Weight' },
  { field: 'bloodSugar', label: 'Blood sugar' },
];

interface MappingStepProps {
  fileName: string;
  sniff: SniffDto;
  /** `initialMappingValues(sniff)`, or what the user chose before a failed reading. */
  initialValues: MappingValues;
  /** Reads the file with this mapping. */
  onSubmit: (values: MappingValues) => void;
  /** Blocks reading (no subscription): the form can be filled, not sent. */
  disabled: boolean;
}

/** A column's name in the selects: its letter and its header ('B · Systolic'). */
function columnOptions(columns: readonly string[]): Array<{ value: string; label: string }> {
  return columns.map((name, i) => ({
    value: String(i),
    label: name.trim() === '' ? `Column ${columnLetter(i)}` : `${columnLetter(i)} · ${name}`,
  }));
}

/**
 * A spreadsheet's first rows and which column holds what: the date (required), the time
 * (or in the date column), each measurement and the notes, the units and the date order.
 * Prefilled with the mapping the server remembers for this header, else its guess.
 */
export function MappingStep({ fileName, sniff, initialValues, onSubmit, disabled }: MappingStepProps): ReactElement {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const measuresErrorId = `${id}-measures-error`;
  const formik = useFormik<MappingValues>({
    initialValues,
    validate: validateMapping,
    onSubmit,
  });
  const submitted = formik.submitCount > 0;
  const errors = validateMapping(formik.values);
  const dateError = submitted ? errors.date : undefined;
  const measuresError = useSteadyError(submitted ? errors.measures : undefined);
  const options = columnOptions(sniff.columns);

  // A refused submit takes the keyboard to the first field at fault.
  const handled = useRef(0);
  useLayoutEffect(() => {
    if (formik.submitCount === handled.current) return;
    handled.current = formik.submitCount;
    const found = validateMapping(formik.values);
    const target = found.date ? 'date' : found.measures ? 'systolic' : null;
    if (target) formRef.current?.querySelector<HTMLSelectElement>(`select[name="${target}"]`)?.focus();
  }, [formik.submitCount, formik.values]);

  const choose =
    <K extends 'dateOrder' | 'weightUnit' | 'bloodSugarUnit'>(field: K) =>
    (value: MappingValues[K]): void =>
      void formik.setFieldValue(field, value);

  const select = (field: keyof MappingValues) => ({
    name: field,
    value: formik.values[field],
    onChange: formik.handleChange,
  });

  return (
    <form ref={formRef} className="import-mapping" aria-label={`Columns of ${fileName}`} noValidate onSubmit={formik.handleSubmit}>
      <h4 className="import-panel-title">Which column holds what?</h4>
      {sniff.remembered ? (
        <Alert variant="info" role="note">
          Remembered from your last file with these columns.
        </Alert>
      ) : null}

      <div className="profile-table-wrap" role="region" aria-label={`First rows of ${fileName}`} tabIndex={0}>
        <table className="profile-table import-sample">
          <caption>The first rows of {fileName}</caption>
          <thead>
            <tr>
              {sniff.columns.map((name, i) => (
                <th key={i} scope="col">
                  <span className="import-column-letter">{columnLetter(i)}</span> {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sniff.rows.map((row, r) => (
              <tr key={r}>
                {sniff.columns.map((_, c) => (
                  <td key={c}>{row[c] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="profile-grid">
        <SelectField label="Date" {...select('date')} error={dateError}>
          <option value={NOT_IN_FILE}>Choose a column</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Time" {...select('time')}>
          <option value={IN_DATE_COLUMN}>In the date column</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
      </div>

      <fieldset className="import-fieldset">
        <legend className="field-label">Measurements (at least one)</legend>
        <FieldError id={measuresErrorId} error={measuresError} />
        <div className="profile-grid">
          {MEASURES.map(({ field, label }) => (
            <SelectField
              key={field}
              label={label}
              {...select(field)}
              aria-describedby={measuresError ? measuresErrorId : undefined}
            >
              <option value={NOT_IN_FILE}>Not in this file</option>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </SelectField>
          ))}
        </div>
      </fieldset>

      <div className="profile-grid">
        <SelectField label="Notes" {...select('notes')}>
          <option value={NOT_IN_FILE}>Not in this file</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <SegmentedFieldset
          legend="Dates are written"
          name="fileDateOrder"
          options={DATE_ORDERS}
          value={formik.values.dateOrder}
          onChange={choose('dateOrder')}
        />
        {formik.values.weight !== NOT_IN_FILE ? (
          <SegmentedFieldset
            legend="Weight unit in the file"
            name="fileWeightUnit"
            options={WEIGHT_UNIT_CHOICES}
            value={formik.values.weightUnit}
            onChange={choose('weightUnit')}
          />
        ) : null}
        {formik.values.bloodSugar !== NOT_IN_FILE ? (
          <SegmentedFieldset
            legend="Blood sugar unit in the file"
            name="fileBloodSugarUnit"
            options={BLOOD_SUGAR_UNIT_CHOICES}
            value={formik.values.bloodSugarUnit}
            onChange={choose('bloodSugarUnit')}
          />
        ) : null}
      </div>

      <div className="profile-actions import-actions">
        <button type="submit" className="btn btn-primary" disabled={disabled}>
          Read the file
        </button>
      </div>
    </form>
  );
}
