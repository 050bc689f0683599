import type { SharedReadingDto, SharedViewDto } from '../features/shared/api/sharedApi';
import { kgToLbs } from '../lib/units';
import { served } from './readings';

/**
 * A reading of the shared record, blood pressure only unless told; its category and
 * `severe` as the server gives them (ACC/AHA 2025, the owner's guideline here).
 */
export function sharedReading(overrides: Partial<SharedReadingDto> = {}): SharedReadingDto {
  const reading: Omit<SharedReadingDto, 'bpCategory' | 'severe'> = {
    date: '2026-11-20',
    time: '08:00',
    systolic: 128,
    diastolic: 82,
    heartRate: null,
    weight: null,
    bloodSugar: null,
    notes: null,
    setting: 'home',
    ...overrides,
  };
  const { bpCategory, severe } = served({ ...reading, id: 0 });
  return { bpCategory: bpCategory ?? null, severe, ...reading };
}

/** `n` readings, one a day from 10/27/2026, oldest first (as the server sends them). */
export function sharedReadings(n: number): SharedReadingDto[] {
  return Array.from({ length: n }, (_, i) => {
    const day = new Date(2026, 9, 27 + i);
    const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    return sharedReading({ date, systolic: 120 + (i % 20), heartRate: 60 + (i % 10) });
  });
}

/** A 30-day record of heart rate and weight (shown in kg; sent in lbs, as the server does), with notes and medications. */
export const sharedView: SharedViewDto = {
  shownName: 'Alice M.',
  from: '2026-10-27',
  to: '2026-11-25',
  periodText: 'The last 30 days',
  expiresAt: '2026-12-02T10:00:00Z',
  generatedAt: '2026-11-25T10:00:00Z',
  weightUnit: 'kg',
  bloodSugarUnit: 'mg/dL',
  guideline: 'acc-aha-2025',
  guidelineName: 'ACC/AHA 2025',
  includeHeartRate: true,
  includeWeight: true,
  includeBloodSugar: false,
  includeNotes: true,
  includeMedications: true,
  summary: {
    readings: 10,
    systolic: { count: 10, average: 132.4, min: 118, max: 186 },
    diastolic: { count: 10, average: 84.1, min: 74, max: 122 },
    heartRate: { count: 8, average: 71.5, min: 58, max: 90 },
    weight: { count: 4, average: kgToLbs(70.3), min: kgToLbs(69.8), max: kgToLbs(71) },
    bloodSugar: null,
    morning: { readings: 6, systolic: 135.2, diastolic: 86, heartRate: 70 },
    evening: { readings: 4, systolic: 128.2, diastolic: 81.3, heartRate: null },
    categories: [
      { category: 'normal', label: 'Normal', count: 2 },
      { category: 'elevated', label: 'Elevated', count: 1 },
      { category: 'stage-1', label: 'Stage 1', count: 3 },
      { category: 'stage-2', label: 'Stage 2', count: 3 },
      { category: 'hypertensive-crisis', label: 'Hypertensive Crisis', count: 1 },
    ],
    trends: {
      method: 'Trend: the median of the slopes between every two days\' median readings (Theil-Sen).',
      minDays: 7,
      systolic: { direction: 'rising', overPeriod: 6.2, per30Days: 3.1, days: 24 },
      diastolic: { direction: 'falling', overPeriod: -2, per30Days: -1, days: 24 },
      heartRate: { direction: 'stable', overPeriod: 0.4, per30Days: null, days: 24 },
      weight: null,
      bloodSugar: null,
    },
    severe: 1,
  },
  readings: [
    sharedReading({ date: '2026-11-01', time: '07:30', systolic: 186, diastolic: 122, heartRate: 88 }),
    sharedReading({ date: '2026-11-10', time: '19:15', systolic: 118, diastolic: 76, weight: kgToLbs(70.4), notes: 'After a walk' }),
    sharedReading({ date: '2026-11-24', time: '08:05', systolic: 134, diastolic: 86, heartRate: 64, weight: kgToLbs(69.8) }),
  ],
  medications: [
    { name: 'Lisinopril 10 mg', doses: ['10 mg once a day from 10/01/2026'], adherence: 'Taken 26 of 28 scheduled doses (93%)' },
  ],
  medicationNote: 'Medications as the person recorded them; not a prescription record.',
};
