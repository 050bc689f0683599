import type { HomeWeek, HomeWeekAverage } from '../features/homeWeek/api/homeWeek';
import type { SessionDto } from '../lib/apiTypes';

/** The home week tests' week: 11/18 to 11/24/2026. */
export const WEEK_START = '2026-11-18';

/**
 * A home week as the server sends it: `slots` are the [morning, evening] reading counts of
 * days 1, 2, ... (missing days have none); counted days are days 2 to 7 with a reading (as
 * the server's `readings::home_week`).
 */
export function homeWeek(slots: ReadonlyArray<readonly [number, number]>, extra: Partial<HomeWeek> = {}): HomeWeek {
  const days = Array.from({ length: 7 }, (_, i) => {
    const [morning, evening] = slots[i] ?? [0, 0];
    return { date: `2026-11-${String(18 + i)}`, day: i + 1, morning, evening, counted: i > 0 && morning + evening > 0 };
  });
  return {
    startDate: WEEK_START,
    endDate: '2026-11-24',
    origin: 'started',
    complete: false,
    today: 3,
    days,
    countedDays: days.filter((d) => d.counted).length,
    minDays: 3,
    countedReadings: days.filter((d) => d.counted).reduce((n, d) => n + d.morning + d.evening, 0),
    minReadings: 12,
    average: null,
    compared: null,
    morning: null,
    evening: null,
    level: null,
    ...extra,
  };
}

export const average = (systolic: number, diastolic: number, count: number): HomeWeekAverage => ({ systolic, diastolic, count });

/** A finished week of five counted days with its averages and level (the server's choice). */
export function finishedWeek(level: HomeWeek['level']): HomeWeek {
  const full = [2, 2] as const;
  return homeWeek([full, full, full, full, full, full, [2, 0]], {
    complete: true,
    today: null,
    average: average(137, 86, 22),
    morning: average(139, 87, 12),
    evening: average(134, 85, 10),
    level,
  });
}

/** A guided measurement of three readings, the rest skipped. */
export const threeReadingSession: SessionDto = {
  period: 'morning',
  restSkipped: true,
  readings: [
    { time: '07:30', systolic: 138, diastolic: 88, heartRate: 72 },
    { time: '07:31', systolic: 134, diastolic: 86, heartRate: null },
    { time: '07:33', systolic: 131, diastolic: 85, heartRate: 69 },
  ],
};
