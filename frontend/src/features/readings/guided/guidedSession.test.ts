import { afterEach, describe, expect, it } from 'vitest';
import { GUIDED } from '../../../lib/readingRules';
import {
  GUIDED_DRAFT_MAX_MS,
  STEADY_MS,
  averageOf,
  chosenPeriod,
  clearGuidedDraft,
  countdownAnnouncement,
  guidedReducer,
  initialGuidedState,
  loadGuidedDraft,
  periodOf,
  roundedMean,
  saveGuidedDraft,
  waitEndsAt,
} from './guidedSession';

afterEach(() => {
  clearGuidedDraft();
});

describe('the average, as the server rounds it', () => {
  it.each([
    [[131, 132], 132],
    [[131, 131, 132], 131],
    [[130, 131, 133], 131],
    [[80, 81], 81],
    [[80, 80, 81], 80],
    [[79, 80, 82], 80],
    [[], null],
  ])('rounded mean of %j is %s', (values, want) => {
    expect(roundedMean(values)).toBe(want);
  });

  it('averages heart rate over the readings that have one, and needs both pressures', () => {
    expect(
      averageOf([
        { systolic: '120', diastolic: '80', heartRate: '' },
        { systolic: '123', diastolic: '81', heartRate: '71' },
      ]),
    ).toEqual({ systolic: 122, diastolic: 81, heartRate: 71 });
    expect(averageOf([{ systolic: '120', diastolic: '', heartRate: '' }])).toBeNull();
  });
});

describe('morning or evening, from the local time', () => {
  it.each([
    ['00:00', 'evening'],
    ['03:59', 'evening'],
    ['04:00', 'morning'],
    ['11:59', 'morning'],
    ['12:00', 'evening'],
    ['23:59', 'evening'],
  ] as const)('%s is %s', (time, want) => {
    expect(periodOf(time)).toBe(want);
  });

  it("takes the first reading's time unless the user chose", () => {
    const taken = guidedReducer(initialGuidedState(), { type: 'confirm', index: 0, now: new Date(2026, 0, 5, 21, 15).getTime() });
    expect(chosenPeriod(taken)).toBe('evening');
    expect(chosenPeriod(guidedReducer(taken, { type: 'period', period: 'morning' }))).toBe('morning');
  });
});

describe('a tap landing twice', () => {
  it('does not skip the rest or the pause that the same tap just started', () => {
    const t0 = new Date(2026, 0, 5, 8, 0).getTime();
    const resting = guidedReducer(initialGuidedState(), { type: 'startRest', now: t0 });
    expect(guidedReducer(resting, { type: 'skipRest', now: t0 + 300 })).toBe(resting);
    const skipped = guidedReducer(resting, { type: 'skipRest', now: t0 + STEADY_MS });
    expect(skipped.restSkipped).toBe(true);
    const one = guidedReducer(skipped, { type: 'confirm', index: 0, now: t0 + 60_000 });
    expect(guidedReducer(one, { type: 'skipWait', now: t0 + 60_200 })).toBe(one);
    expect(waitEndsAt(guidedReducer(one, { type: 'skipWait', now: t0 + 61_000 }))).toBeNull();
  });
});

describe('the pause between readings', () => {
  it('runs from the previous confirmation, and not for an edited reading or after a skip', () => {
    const t0 = new Date(2026, 0, 5, 8, 0).getTime();
    const one = guidedReducer({ ...initialGuidedState(), step: 'measure' }, { type: 'confirm', index: 0, now: t0 });
    expect(one.current).toBe(1);
    expect(waitEndsAt(one)).toBe(t0 + GUIDED.betweenSeconds * 1000);
    expect(waitEndsAt(guidedReducer(one, { type: 'skipWait', now: t0 + 5_000 }))).toBeNull();
    const two = guidedReducer(one, { type: 'confirm', index: 1, now: t0 + 90_000 });
    expect(two.step).toBe('review');
    const editing = guidedReducer(two, { type: 'edit', index: 1 });
    expect(waitEndsAt(editing)).toBeNull();
    // Editing keeps the reading's time.
    expect(guidedReducer(editing, { type: 'confirm', index: 1, now: t0 + 999_000 }).readings[1]?.takenAt).toBe(t0 + 90_000);
  });
});

describe('countdown announcements', () => {
  it.each([
    [300, '5 minutes left'],
    [241, '5 minutes left'],
    [240, '4 minutes left'],
    [61, '2 minutes left'],
    [60, '1 minute left'],
    [31, '1 minute left'],
    [30, '30 seconds left'],
    [11, '30 seconds left'],
    [10, '10 seconds left'],
    [1, '10 seconds left'],
    [0, 'done'],
  ])('%i s: %s', (remaining, want) => {
    expect(countdownAnnouncement(remaining, 'done')).toBe(want);
  });
});

describe('the draft kept across reloads', () => {
  const state = guidedReducer(initialGuidedState(), { type: 'startRest', now: 1_000 });

  it('is this user’s, and not after a long while', () => {
    saveGuidedDraft(7, state, 5_000);
    expect(loadGuidedDraft(7, 6_000)).toEqual(state);
    expect(loadGuidedDraft(8, 6_000)).toBeNull();
    expect(loadGuidedDraft(7, 5_000 + GUIDED_DRAFT_MAX_MS + 1)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    window.sessionStorage.setItem('vitalog.guidedMeasurement', '{"owner":7,"savedAt":1,"state":{"step":"fly"}}');
    expect(loadGuidedDraft(7, 2)).toBeNull();
    window.sessionStorage.setItem('vitalog.guidedMeasurement', 'not json');
    expect(loadGuidedDraft(7, 2)).toBeNull();
  });
});
