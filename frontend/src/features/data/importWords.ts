/** How the import screens name formats, reasons, sizes and counts. */
import type { ImportFormat, SkipReason } from '../../lib/apiTypes';
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
