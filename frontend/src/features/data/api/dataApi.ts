import { apiPost } from '../../../lib/api';

/** Plain download links (the server answers with `Content-Disposition: attachment`). */
export const DATA_DOWNLOADS = [
  {
    href: '/api/data/readings.csv?units=preferred',
    label: 'Readings (CSV, in my units)',
    hint: 'Weight and blood sugar in the units chosen under Preferences (kg and mmol/L to two decimals).',
  },
  {
    href: '/api/data/readings.csv?units=canonical',
    label: 'Readings (CSV, canonical lbs and mg/dL)',
    hint: 'Exactly as stored (weight in lbs, blood sugar in mg/dL): the best file for moving readings to another account.',
  },
  {
    href: '/api/data/readings.fhir.json',
    label: 'Readings (FHIR R4 JSON)',
    hint: 'A FHIR R4 Bundle of Observations (LOINC codes, UCUM units) for other health apps.',
  },
  {
    href: '/api/data/account.json',
    label: 'Account data (JSON)',
    hint: 'Profile, preferences, subscription, payments and the list of your reports.',
  },
] as const;

/** The CSV columns, in the export's order (import matches them by name). */
export const CSV_COLUMNS = [
  'date',
  'time',
  'systolic',
  'diastolic',
  'heart_rate',
  'weight',
  'weight_unit',
  'blood_sugar',
  'blood_sugar_unit',
  'notes',
] as const;

export type PreviewStatus = 'new' | 'duplicate' | 'invalid';

/** One data row of the file, as `POST /api/data/import/preview` judged it. */
export interface PreviewRow {
  /** Line in the file (the header is line 1). */
  line: number;
  status: PreviewStatus;
  /** `YYYY-MM-DD`; null on an invalid row. */
  date: string | null;
  /** `HH:MM`; null on an invalid row. */
  time: string | null;
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
  /** Pounds. */
  weight: number | null;
  /** mg/dL. */
  bloodSugar: number | null;
  notes: string | null;
  /** Field name to message (the reading form's messages); `row` for an unreadable row. */
  errors: Record<string, string>;
}

export interface ImportPreview {
  rows: PreviewRow[];
  new: number;
  duplicates: number;
  invalid: number;
}

export interface ImportResult {
  imported: number;
  duplicates: number;
  invalid: number;
  message: string;
}

/** Checks a CSV file's text; stores nothing. A 400 `errors.file` means the file is unreadable. */
export function previewImport(csv: string): Promise<ImportPreview> {
  return apiPost<ImportPreview>('/api/data/import/preview', { csv });
}

/** Imports the valid rows not already stored; 403 'Subscription Required' without a subscription. */
export function importReadings(csv: string): Promise<ImportResult> {
  return apiPost<ImportResult>('/api/data/import', { csv });
}
