import type { ChangeEvent, ReactElement } from 'react';
import { TextField } from '../../../components/form/TextField';
import { IN_DATE_COLUMN, NOT_IN_FILE, NO_TIME, type MappingErrors, type MappingValues } from '../mapping';
import { ColumnSelect } from './ColumnSelect';

const TIME_FIRST = [
  { value: IN_DATE_COLUMN, label: 'In the date column' },
  { value: NO_TIME, label: 'No time in the file' },
];
const NONE = [{ value: NOT_IN_FILE, label: 'Not in this file' }];

interface TimeChoiceProps {
  columns: readonly string[];
  values: MappingValues;
  /** The errors shown (after a refused submit). */
  errors: MappingErrors;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

/**
 * When each row was taken: the time's column, in the date column, or none in the file (then
 * "These rows have no time: use [08:00]"); and an optional column of morning/evening markers,
 * read as the morning and evening times chosen.
 */
export function TimeChoice({ columns, values, errors, onChange }: TimeChoiceProps): ReactElement {
  const field = (name: 'time' | 'period' | 'defaultTime' | 'morningTime' | 'eveningTime') => ({
    name,
    value: values[name],
    onChange,
    error: errors[name],
  });
  return (
    <>
      <div className="profile-grid">
        <ColumnSelect label="Time" columns={columns} first={TIME_FIRST} {...field('time')} />
        {values.time === NO_TIME ? (
          <TextField
            label="These rows have no time: use"
            type="time"
            required
            hint="Every reading of this file is stored at this time."
            {...field('defaultTime')}
          />
        ) : null}
      </div>
      <div className="profile-grid">
        <ColumnSelect
          label="Morning/evening column"
          className="profile-grid-wide"
          columns={columns}
          first={NONE}
          hint="Optional: a column that marks each row morning or evening (m/e, AM/PM, morning/evening)."
          {...field('period')}
        />
        {values.period !== NOT_IN_FILE ? (
          <>
            <TextField label="Morning time" type="time" required {...field('morningTime')} />
            <TextField label="Evening time" type="time" required {...field('eveningTime')} />
          </>
        ) : null}
      </div>
    </>
  );
}
