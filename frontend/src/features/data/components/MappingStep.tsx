import { useId, useLayoutEffect, useRef, type ReactElement } from 'react';
import { useFormik } from 'formik';
import { Alert } from '../../../components/feedback/Alert';
import { FieldError } from '../../../components/form/FieldError';
import { SegmentedFieldset, type SegmentOption } from '../../../components/form/SegmentedChoice';
import { useSteadyError } from '../../../components/form/useSteadyError';
import { BLOOD_SUGAR_UNIT_CHOICES, WEIGHT_UNIT_CHOICES } from '../../../lib/preferences';
import type { DateOrder, FileBloodSugarUnit, FileWeightUnit, SniffDto } from '../../../lib/apiTypes';
import {
  NOT_IN_FILE,
  columnLetter,
  validateMapping,
  type MappingErrorKey,
  type MappingErrors,
  type MappingValues,
  type MeasureField,
} from '../mapping';
import { ColumnSelect } from './ColumnSelect';
import { HeaderLineChoice, type HeaderLineState } from './HeaderLineChoice';
import { TimeChoice } from './TimeChoice';

const DATE_ORDERS: ReadonlyArray<SegmentOption<DateOrder>> = [
  { value: 'mdy', label: 'MM/DD' },
  { value: 'dmy', label: 'DD/MM' },
  { value: 'ymd', label: 'YYYY-MM-DD' },
  { value: 'epoch', label: 'Unix time' },
];

/** A file's weight may be in stones, which no one keeps as a preference. */
const FILE_WEIGHT_UNITS: ReadonlyArray<SegmentOption<FileWeightUnit>> = [...WEIGHT_UNIT_CHOICES, { value: 'st', label: 'Stones (st)' }];
const FILE_BLOOD_SUGAR_UNITS: ReadonlyArray<SegmentOption<FileBloodSugarUnit>> = BLOOD_SUGAR_UNIT_CHOICES;

const MEASURES: ReadonlyArray<{ field: MeasureField; label: string }> = [
  { field: 'systolic', label: 'Systolic' },
  { field: 'diastolic', label: 'Diastolic' },
  { field: 'heartRate', label: 'Heart rate' },
  { field: 'weight', label: 'Weight' },
  { field: 'bloodSugar', label: 'Blood sugar' },
];

const DATE_FIRST = [{ value: NOT_IN_FILE, label: 'Choose a column' }];
const NONE = [{ value: NOT_IN_FILE, label: 'Not in this file' }];

/** Where a refused submit takes the keyboard: the first of these at fault, in the page's order. */
const FOCUS_ORDER: ReadonlyArray<[MappingErrorKey, string]> = [
  ['date', 'select[name="date"]'],
  ['time', 'select[name="time"]'],
  ['defaultTime', 'input[name="defaultTime"]'],
  ['period', 'select[name="period"]'],
  ['morningTime', 'input[name="morningTime"]'],
  ['eveningTime', 'input[name="eveningTime"]'],
  ['measures', 'select[name="systolic"]'],
  ...MEASURES.map(({ field }): [MappingErrorKey, string] => [field, `select[name="${field}"]`]),
  ['weightUnit', 'input[name="fileWeightUnit"]'],
  ['bloodSugarUnit', 'input[name="fileBloodSugarUnit"]'],
  ['notes', 'select[name="notes"]'],
];

/** 'a Beurer HealthManager export', 'an iHealth export'. */
function appExport(app: string): string {
  return `${/^[aeiou]/i.test(app) ? 'an' : 'a'} ${app} export`;
}

interface MappingStepProps {
  fileName: string;
  sniff: SniffDto;
  /** `initialMappingValues(sniff)`, or what the user chose before a failed reading. A new sniff resets the form. */
  initialValues: MappingValues;
  /** The header line control's state (the file's head is read again when it changes). */
  header: HeaderLineState;
  /** Reads the file's head again with the header on this line. */
  onHeaderRow: (line: number) => void;
  /** Reads the file with this mapping. */
  onSubmit: (values: MappingValues) => void;
  /** Blocks reading (no subscription): the form can be filled, not sent. */
  disabled: boolean;
}

/**
 * A spreadsheet's first rows and which column holds what: the header's line, the date
 * (required) and how it is written, the time (a column, in the date column, or none: then a
 * time for every row), morning/evening markers, each measurement with its unit (never
 * guessed: read from the header or chosen), and the notes. Prefilled with the mapping the
 * server remembers for this header, else its guess. One column has one role.
 */
export function MappingStep({ fileName, sniff, initialValues, header, onHeaderRow, onSubmit, disabled }: MappingStepProps): ReactElement {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const measuresErrorId = `${id}-measures-error`;
  const formik = useFormik<MappingValues>({
    initialValues,
    enableReinitialize: true,
    validate: validateMapping,
    onSubmit,
  });
  const submitted = formik.submitCount > 0;
  const errors: MappingErrors = submitted ? validateMapping(formik.values) : {};
  const measuresError = useSteadyError(errors.measures);

  // A refused submit takes the keyboard to the first field at fault.
  const handled = useRef(0);
  useLayoutEffect(() => {
    if (formik.submitCount === handled.current) return;
    handled.current = formik.submitCount;
    const found = validateMapping(formik.values);
    const target = FOCUS_ORDER.find(([key]) => found[key] !== undefined);
    if (target) formRef.current?.querySelector<HTMLElement>(target[1])?.focus();
  }, [formik.submitCount, formik.values]);

  const choose =
    <K extends 'dateOrder' | 'weightUnit' | 'bloodSugarUnit'>(field: K) =>
    (value: NonNullable<MappingValues[K]>): void =>
      void formik.setFieldValue(field, value);

  const select = (field: 'date' | 'notes' | MeasureField) => ({
    name: field,
    value: formik.values[field],
    onChange: formik.handleChange,
    error: errors[field],
  });

  return (
    <form ref={formRef} className="import-mapping" aria-label={`Columns of ${fileName}`} noValidate onSubmit={formik.handleSubmit}>
      <h4 className="import-panel-title">Which column holds what?</h4>
      {sniff.app ? (
        <Alert variant="info" role="note">
          Recognised as {appExport(sniff.app)}: the columns are chosen for you; check them.
        </Alert>
      ) : null}
      {sniff.remembered ? (
        <Alert variant="info" role="note">
          Remembered from your last file with these columns.
        </Alert>
      ) : null}

      <HeaderLineChoice state={header} headerRow={sniff.headerRow} lead={sniff.lead} onChange={onHeaderRow} />

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
        <ColumnSelect label="Date" columns={sniff.columns} first={DATE_FIRST} {...select('date')} />
        <SegmentedFieldset
          legend="Dates are written"
          name="fileDateOrder"
          size="large"
          options={DATE_ORDERS}
          value={formik.values.dateOrder}
          onChange={choose('dateOrder')}
        />
      </div>

      <TimeChoice columns={sniff.columns} values={formik.values} errors={errors} onChange={formik.handleChange} />

      <fieldset className="import-fieldset">
        <legend className="field-label">Measurements (at least one)</legend>
        <FieldError id={measuresErrorId} error={measuresError} />
        <div className="profile-grid">
          {MEASURES.map(({ field, label }) => (
            <ColumnSelect
              key={field}
              label={label}
              columns={sniff.columns}
              first={NONE}
              {...select(field)}
              aria-describedby={measuresError ? measuresErrorId : undefined}
            />
          ))}
        </div>
      </fieldset>

      {formik.values.weight !== NOT_IN_FILE || formik.values.bloodSugar !== NOT_IN_FILE ? (
        <div className="profile-grid">
          {formik.values.weight !== NOT_IN_FILE ? (
            <SegmentedFieldset
              legend="Weight unit in the file"
              name="fileWeightUnit"
              size="large"
              options={FILE_WEIGHT_UNITS}
              value={formik.values.weightUnit}
              onChange={choose('weightUnit')}
              error={errors.weightUnit}
            />
          ) : null}
          {formik.values.bloodSugar !== NOT_IN_FILE ? (
            <SegmentedFieldset
              legend="Blood sugar unit in the file"
              name="fileBloodSugarUnit"
              size="large"
              options={FILE_BLOOD_SUGAR_UNITS}
              value={formik.values.bloodSugarUnit}
              onChange={choose('bloodSugarUnit')}
              error={errors.bloodSugarUnit}
            />
          ) : null}
        </div>
      ) : null}

      <div className="profile-grid">
        <ColumnSelect label="Notes" columns={sniff.columns} first={NONE} {...select('notes')} />
      </div>

      <div className="profile-actions import-actions">
        <button type="submit" className="btn btn-primary" disabled={disabled || header.reading !== null}>
          Read the file
        </button>
      </div>
    </form>
  );
}
