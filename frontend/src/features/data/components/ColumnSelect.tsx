import type { ReactElement } from 'react';
import { SelectField, type SelectFieldProps } from '../../../components/form/SelectField';
import { columnLetter } from '../mapping';

export interface Choice {
  value: string;
  label: string;
}

/** A column's name in the selects: its letter and its header ('B · Systolic'). */
export function columnOptions(columns: readonly string[]): Choice[] {
  return columns.map((name, i) => ({
    value: String(i),
    label: name.trim() === '' ? `Column ${columnLetter(i)}` : `${columnLetter(i)} · ${name}`,
  }));
}

interface ColumnSelectProps extends Omit<SelectFieldProps, 'options' | 'children'> {
  /** The header's cells. */
  columns: readonly string[];
  /** The choices before the columns ("Not in this file", "In the date column", ...). */
  first: readonly Choice[];
}

/** A select of the file's columns, after the choices that name none. */
export function ColumnSelect({ columns, first, ...field }: ColumnSelectProps): ReactElement {
  return <SelectField {...field} options={[...first, ...columnOptions(columns)]} />;
}
