import useSWR, { type KeyedMutator } from 'swr';
import { useAccount } from './account';
import { apiPatch, fetcher, isNetworkError } from './api';
import { readOfflineProfile } from './offlineProfile';
import type { Schemas } from './apiTypes';

export type WeightUnit = 'lbs' | 'kg';
export type BloodSugarUnit = 'mg/dL' | 'mmol/L';

/** The units as a choice names them (Preferences, an imported spreadsheet's columns). */
export const WEIGHT_UNIT_CHOICES: ReadonlyArray<{ value: WeightUnit; label: string }> = [
  { value: 'lbs', label: 'Pounds (lbs)' },
  { value: 'kg', label: 'Kilograms (kg)' },
];
export const BLOOD_SUGAR_UNIT_CHOICES: ReadonlyArray<{ value: BloodSugarUnit; label: string }> = [
  { value: 'mg/dL', label: 'mg/dL' },
  { value: 'mmol/L', label: 'mmol/L' },
];

/**
 * `GET /api/user/preferences`, with the units narrowed to the ones the client knows.
 * `reminderTime`: `HH:MM` local time (a day with no reading by then gets a reminder email);
 * `timeZone`: IANA name (e.g. `Europe/Paris`) for reminders, reports and exports.
 */
export type Preferences = Omit<Schemas['PreferencesDto'], 'weightUnit' | 'bloodSugarUnit'> & {
  weightUnit: WeightUnit;
  bloodSugarUnit: BloodSugarUnit;
};

export const PREFERENCES_KEY = '/api/user/preferences';

/** The spec's defaults: used until the server answers, never sent on their own. */
export const DEFAULT_PREFERENCES: Preferences = {
  weightUnit: 'lbs',
  bloodSugarUnit: 'mg/dL',
  emailReminders: false,
  weeklyReports: false,
  reminderTime: '20:00',
  timeZone: 'UTC',
  guideline: 'acc-aha-2025',
};

/** Said wherever units are shown while the user's preferences could not be loaded. */
export const UNITS_UNKNOWN_MESSAGE = `Your unit preferences could not be loaded; values are shown in ${DEFAULT_PREFERENCES.weightUnit} and ${DEFAULT_PREFERENCES.bloodSugarUnit}.`;
/** Why a reading with a weight or blood sugar is not saved meanwhile (it would be converted from the wrong unit). */
export const UNITS_UNKNOWN_SAVE_BLOCKED =
  'Weight and blood sugar cannot be saved until your unit preferences are loaded. Retry, or leave them empty for now.';

export interface PreferencesState {
  /** The user's preferences; the defaults until they arrive, and when they cannot be loaded. */
  preferences: Preferences;
  /** True once the server's answer (or an error) arrived. */
  isLoaded: boolean;
  /**
   * False while the units are the defaults standing in for the user's (not loaded yet, or
   * failed): do not convert anything the user typed with them.
   */
  unitsKnown: boolean;
  error: unknown;
  mutate: KeyedMutator<Preferences>;
}

/**
 * The user's preferences, shared through SWR's cache (units drive every screen). Without a
 * connection, the units and time zone of the profile this device kept for the signed-in
 * account stand in (readings typed offline are converted with the user's own units).
 */
export function usePreferences(): PreferencesState {
  const { data, error, mutate } = useSWR<Preferences>(PREFERENCES_KEY, fetcher);
  const account = useAccount();
  const kept = data === undefined && isNetworkError(error) ? readOfflineProfile() : null;
  const offline = kept !== null && kept.id === account?.id ? kept : null;
  return {
    preferences:
      data ??
      (offline
        ? {
            ...DEFAULT_PREFERENCES,
            weightUnit: offline.weightUnit,
            bloodSugarUnit: offline.bloodSugarUnit,
            timeZone: offline.timeZone,
          }
        : DEFAULT_PREFERENCES),
    isLoaded: data !== undefined || error !== undefined,
    unitsKnown: data !== undefined || offline !== null,
    error: error as unknown,
    mutate,
  };
}

/** `PATCH /api/user/preferences`; answers the stored preferences. */
export function savePreferences(changes: Partial<Preferences>): Promise<Preferences> {
  return apiPatch<Preferences>(PREFERENCES_KEY, changes);
}

/**
 * The user's time zone (the one the server dates doses and medications in), or the
 * browser's until the preferences arrive (most often the same).
 */
export function useTimeZone(): string {
  const { preferences, unitsKnown } = usePreferences();
  return unitsKnown ? preferences.timeZone : Intl.DateTimeFormat().resolvedOptions().timeZone;
}
