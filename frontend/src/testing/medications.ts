import type { Dose, DosePeriod, DosesAnswer, Medication, MedicationDetail } from '../features/medications/api/medications';

/** A period as the server writes it (its label included). */
export function period(extra: Partial<DosePeriod> = {}): DosePeriod {
  return {
    id: 1,
    strength: 10,
    unit: 'mg',
    frequency: 'once-daily',
    times: ['08:00'],
    startDate: '2026-03-02',
    endDate: null,
    label: '10 mg, once a day (08:00)',
    ...extra,
  };
}

/** Amlodipine: 10 mg from 03/02/2026 to 05/01/2026, then 20 mg from 05/02/2026, still taken. */
export function amlodipine(extra: Partial<Medication> = {}): Medication {
  return {
    id: 7,
    name: 'Amlodipine',
    form: 'tablet',
    reason: 'blood pressure',
    reminders: false,
    forBloodPressure: true,
    periods: [
      period({ endDate: '2026-05-01' }),
      period({ id: 2, strength: 20, startDate: '2026-05-02', label: '20 mg, once a day (08:00)' }),
    ],
    current: true,
    startDate: '2026-03-02',
    endDate: null,
    ...extra,
  };
}

/** A stopped one: Lisinopril 5 mg twice a day in January. */
export function lisinopril(): Medication {
  return {
    id: 9,
    name: 'Lisinopril',
    form: 'tablet',
    reason: null,
    reminders: false,
    forBloodPressure: false,
    periods: [
      period({
        id: 5,
        strength: 5,
        frequency: 'twice-daily',
        times: ['08:00', '20:00'],
        startDate: '2026-01-05',
        endDate: '2026-01-31',
        label: '5 mg, twice a day (08:00, 20:00)',
      }),
    ],
    current: false,
    startDate: '2026-01-05',
    endDate: '2026-01-31',
  };
}

export const NOTE = 'These averages compare readings; they do not show what caused a change. Talk to your doctor.';

export function detail(medication: Medication = amlodipine()): MedicationDetail {
  return {
    medication,
    effects: [
      {
        date: '2026-03-02',
        kind: 'started',
        label: 'Started 10 mg',
        before: { systolic: 148, diastolic: 94, count: 12 },
        after: { systolic: 136, diastolic: 86, count: 10 },
        enough: true,
        summary: 'Your average was 12/8 mmHg lower in the 14 days after than in the 14 days before.',
      },
      {
        date: '2026-05-02',
        kind: 'changed',
        label: '10 mg → 20 mg',
        before: { systolic: 134, diastolic: 85, count: 4 },
        after: { systolic: 130, diastolic: 82, count: 1 },
        enough: false,
        summary: 'Not enough readings to compare yet: 4 before and 1 after; at least 3 on each side are needed.',
      },
    ],
    adherence: { from: '2026-10-27', to: '2026-11-25', due: 30, taken: 26, skipped: 2, missed: 2, notRecorded: 0, added: null, percent: 87, asNeeded: 0 },
    minReadings: 3,
    note: NOTE,
  };
}

export function dose(extra: Partial<Dose> = {}): Dose {
  return {
    medicationId: 7,
    name: 'Amlodipine',
    form: 'tablet',
    doseLabel: '20 mg',
    time: '08:00',
    status: 'due',
    intakeId: null,
    reason: null,
    ...extra,
  };
}

export const TODAY = '2026-11-25';

/** A day's answer: two doses of Metoprolol and one of Amlodipine, and an as-needed Ibuprofen. */
export function day(extra: Partial<DosesAnswer> = {}): DosesAnswer {
  return {
    date: TODAY,
    today: TODAY,
    doses: [
      dose(),
      dose({ medicationId: 8, name: 'Metoprolol', doseLabel: '25 mg', time: '08:00' }),
      dose({ medicationId: 8, name: 'Metoprolol', doseLabel: '25 mg', time: '20:00' }),
    ],
    asNeeded: [{ medicationId: 11, name: 'Ibuprofen', doseLabel: '200 mg', taken: [] }],
    ...extra,
  };
}
