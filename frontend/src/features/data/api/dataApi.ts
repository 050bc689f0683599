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
    hint: 'A FHIR R4 Bundle of Observations (LOINC codes, UCUM units) for other health apps, with your medications (MedicationStatement) and the doses recorded (MedicationAdministration).',
  },
  {
    href: '/api/data/medications.csv',
    label: 'Medications (CSV)',
    hint: 'Each dose of each medication with its dates, then every dose you recorded as taken or skipped.',
  },
  {
    href: '/api/data/account.json',
    label: 'Account data (JSON)',
    hint: 'Profile, preferences, subscription, payments, the list of your reports, and your medications with the doses recorded.',
  },
] as const;

/** The CSV columns, in the export's order (Vitalog's CSV import matches them by name). */
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
  'setting',
  // Where each reading came from (issue 39): manual, device or import; the cuff or app; the
  // cuff's flags joined by ";".
  'source',
  'device',
  'flags',
] as const;
