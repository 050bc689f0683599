/**
 * The minimal profile this device keeps so the app can open without a connection (issue 19):
 * who is signed in (id, the name shown) and the units and time zone readings are typed in.
 * Nothing else of the account is kept. It lives in localStorage (it must outlive the tab),
 * is rewritten whenever the server's user and preferences are loaded, and is removed at
 * sign-out and when the server says the session has ended.
 */
import type { BloodSugarUnit, WeightUnit } from './preferences';

export interface OfflineProfile {
  id: number;
  displayName: string;
  weightUnit: WeightUnit;
  bloodSugarUnit: BloodSugarUnit;
  timeZone: string;
}

export const OFFLINE_PROFILE_KEY = 'vitalog.offlineProfile';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function isProfile(value: unknown): value is OfflineProfile {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'number' &&
    Number.isSafeInteger(v.id) &&
    typeof v.displayName === 'string' &&
    (v.weightUnit === 'lbs' || v.weightUnit === 'kg') &&
    (v.bloodSugarUnit === 'mg/dL' || v.bloodSugarUnit === 'mmol/L') &&
    typeof v.timeZone === 'string'
  );
}

/** The profile kept on this device, if any (a damaged one reads as none). */
export function readOfflineProfile(): OfflineProfile | null {
  try {
    const raw = storage()?.getItem(OFFLINE_PROFILE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as unknown;
    return isProfile(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeOfflineProfile(profile: OfflineProfile): void {
  try {
    const text = JSON.stringify(profile);
    if (storage()?.getItem(OFFLINE_PROFILE_KEY) !== text) storage()?.setItem(OFFLINE_PROFILE_KEY, text);
  } catch {
    // Storage full or blocked: the app then needs a connection to open, as before.
  }
}

export function clearOfflineProfile(): void {
  try {
    storage()?.removeItem(OFFLINE_PROFILE_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
