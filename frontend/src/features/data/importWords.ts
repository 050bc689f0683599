/** How the import screens name formats, reasons, units read, sizes and counts. */
import type { ImportFormat, ImportPreviewDto, SkipReason, UnitReadDto, ValueAsReadDto } from '../../lib/apiTypes';
import type { BloodSugarUnit, WeightUnit } from '../../lib/preferences';
import { formatBloodSugar, formatBloodSugarIn, formatWeight, formatWeightIn } from '../../lib/units';
import type { FormatChoice } from './api/importApi';

/** What a detected format is called (the app's own words for its export). */
export const FORMAT_LABELS: Readonly<Record<ImportFormat, string>> = {
  'apple-health': 'Apple Health export',
  omron: 'OMRON connect CSV',
  withings: 'Withings Health Mate export',
  vitalog: 'Vitalog CSV',
  spreadsheet: 'Spreadsheet',
};

/** The format control's choices: Automatic first, a spreadsheet of any other shape last. */
export const FORMAT_CHOICES: ReadonlyArray<{ value: FormatChoice; label: string }> = [
  { value: 'auto', label: 'Automatic' },
  { value: 'apple-health', label: FORMAT_LABELS['apple-health'] },
  { value: 'omron', label: FORMAT_LABELS.omron },
  { value: 'withings', label: FORMAT_LABELS.withings },
  { value: 'vitalog', label: FORMAT_LABELS.vitalog },
  { value: 'spreadsheet', label: 'Other spreadsheet' },
];

/** Why a row was skipped, in words. */
export const REASON_LABELS: Readonly<Record<SkipReason, string>> = {
  'out-of-range': 'Out of range',
  'unreadable-date': 'Date not readable',
  unreadable: 'Not readable',
  duplicate: 'Already there',
};

/** How the preview's summary counts rows skipped for each reason ('2 out of range'). */
export const REASON_SUMMARY: Readonly<Record<Exclude<SkipReason, 'duplicate'>, string>> = {
  'out-of-range': 'out of range',
  'unreadable-date': 'with a date that could not be read',
  unreadable: 'that could not be read',
};

export function reasonLabel(reason: string): string {
  return reason in REASON_LABELS ? REASON_LABELS[reason as SkipReason] : reason;
}

/** 1,234,567: counts as the page writes them. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

export const plural = (n: number, one: string, many: string): string => `${formatCount(n)} ${n === 1 ? one : many}`;

const MIB = 1024 * 1024;

/**
 * A file size in MB as the server counts them (MiB: its 500 MB limit is 500 MiB), one
 * decimal and none when whole ('45.2 MB', '200 MB'); under 1 MB in whole KB.
 */
export function formatBytes(bytes: number): string {
  if (bytes < MIB) return `${formatCount(Math.round(bytes / 1024))} KB`;
  const mb = Math.round((bytes / MIB) * 10) / 10;
  return `${mb.toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
}

/** What the preview calls the values of a measure whose unit it says ("Weights read in kg, …"). */
const UNIT_MEASURES: Readonly<Record<UnitReadDto['measure'], string>> = {
  weight: 'Weights',
  bloodSugar: 'Blood sugar values',
};

/** 'Weights read in kg, from the column “Gewicht (kg)”', 'Blood sugar values read in mmol/L, as you chose'. */
export function unitReadText({ measure, unit, source }: UnitReadDto): string {
  return `${UNIT_MEASURES[measure]} read in ${unit}, ${source === 'your choice' ? 'as you chose' : `from ${source}`}`;
}

const isWeightUnit = (unit: string): unit is WeightUnit => unit === 'lbs' || unit === 'kg';
const isBloodSugarUnit = (unit: string): unit is BloodSugarUnit => unit === 'mg/dL' || unit === 'mmol/L';

/** A value as the file wrote it, with its unit: '83.0 kg', '5.5 mmol/L', '13.1 st'. */
export function asReadText({ value, unit }: ValueAsReadDto): string {
  if (isWeightUnit(unit)) return formatWeightIn(value, unit);
  if (isBloodSugarUnit(unit)) return formatBloodSugarIn(value, unit);
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${unit}`;
}

/**
 * A weight of the preview as the file wrote it and in the person's unit, so a wrong unit
 * (2.2 times off) shows: '83.0 kg · 183.0 lbs'; once when the file's unit is theirs.
 */
export function weightShownText(lbs: number, asRead: ValueAsReadDto | null, unit: WeightUnit): string {
  const theirs = formatWeight(lbs, unit);
  return asRead === null || asRead.unit === unit ? theirs : `${asReadText(asRead)} · ${theirs}`;
}

/** A blood sugar likewise: '5.5 mmol/L · 99 mg/dL'. */
export function bloodSugarShownText(mgdl: number, asRead: ValueAsReadDto | null, unit: BloodSugarUnit): string {
  const theirs = formatBloodSugar(mgdl, unit);
  return asRead === null || asRead.unit === unit ? theirs : `${asReadText(asRead)} · ${theirs}`;
}

/** Why nothing is new, from what the file's records became. */
export function nothingNewText(preview: Pick<ImportPreviewDto, 'duplicates' | 'skipped' | 'leftOut'>): string {
  const became = [
    preview.duplicates > 0 ? 'is already there' : null,
    preview.skipped > 0 ? 'was skipped' : null,
    preview.leftOut.some((l) => l.count > 0) ? 'was left out by a rule' : null,
  ].filter((part): part is string => part !== null);
  if (became.length === 0) return 'There is nothing to import: no readings were found in this file.';
  const last = became.pop() ?? '';
  const list = became.length > 0 ? `${became.join(', ')} or ${last}` : last;
  return `There is nothing new to import: every reading in this file ${list}.`;
}
