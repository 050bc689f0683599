/**
 * The guided measurement's state (ESH 2023, AHA/ACC 2017 home measurement): the checklist,
 * the rest, 2 or 3 readings with a pause between them, and the review. Times are moments
 * (ms since the epoch, `Date.now()`), so the countdowns are right after a reload or in a
 * throttled tab; the whole state is kept in sessionStorage so a reload loses nothing.
 */
import type { BpSessionRequest } from '../../../lib/apiTypes';
import { GUIDED_DRAFT_KEY } from '../../../lib/drafts';
import { toIsoDate, toIsoTime } from '../../../lib/dates';
import { GUIDED } from '../../../lib/readingRules';
import type { GuidedReadingValues } from '../schema';

export type GuidedStep = 'prepare' | 'rest' | 'measure' | 'review';

/** The API's `period` (a string there): the guided measurement offers these two. */
export type SessionPeriod = 'morning' | 'evening';

export interface GuidedReadingDraft extends GuidedReadingValues {
  /** When the reading was confirmed (ms); null while it is being typed. */
  takenAt: number | null;
}

export interface GuidedState {
  step: GuidedStep;
  /** One tick per checklist item (rules.json guided.checklist). */
  checked: boolean[];
  restStartedAt: number | null;
  restSkipped: boolean;
  /** The readings planned: minReadings, or maxReadings once one is added. */
  readings: GuidedReadingDraft[];
  /** The reading the measure step shows. */
  current: number;
  /** The pause before the current reading was cut short. */
  waitSkipped: boolean;
  /** The period the user chose; null: from the first reading's time. */
  period: SessionPeriod | null;
}

const emptyReading = (): GuidedReadingDraft => ({ systolic: '', diastolic: '', heartRate: '', takenAt: null });

export function initialGuidedState(): GuidedState {
  return {
    step: 'prepare',
    checked: GUIDED.checklist.map(() => false),
    restStartedAt: null,
    restSkipped: false,
    readings: Array.from({ length: GUIDED.minReadings }, emptyReading),
    current: 0,
    waitSkipped: false,
    period: null,
  };
}

export type GuidedAction =
  | { type: 'toggle'; index: number }
  | { type: 'startRest'; now: number }
  | { type: 'skipRest'; now: number }
  | { type: 'endRest' }
  | { type: 'typed'; index: number; values: GuidedReadingValues }
  | { type: 'confirm'; index: number; now: number }
  | { type: 'skipWait'; now: number }
  | { type: 'edit'; index: number }
  | { type: 'addReading' }
  | { type: 'dropReading' }
  | { type: 'period'; period: SessionPeriod }
  | { type: 'reset' };

/**
 * A skip that comes this soon after the step it skips began is the same tap landing twice:
 * on a phone the skip button appears where the button that started the step was.
 */
export const STEADY_MS = 800;

const tooSoon = (since: number | null | undefined, now: number): boolean =>
  since !== null && since !== undefined && now - since < STEADY_MS;

export function guidedReducer(state: GuidedState, action: GuidedAction): GuidedState {
  switch (action.type) {
    case 'toggle':
      return { ...state, checked: state.checked.map((c, i) => (i === action.index ? !c : c)) };
    case 'startRest':
      return { ...state, step: 'rest', restStartedAt: state.restStartedAt ?? action.now };
    case 'skipRest':
      if (tooSoon(state.restStartedAt, action.now)) return state;
      return { ...state, step: 'measure', restSkipped: true, current: 0 };
    case 'endRest':
      return { ...state, step: 'measure', current: 0 };
    case 'typed':
      return {
        ...state,
        readings: state.readings.map((r, i) => (i === action.index ? { ...r, ...action.values } : r)),
      };
    case 'confirm': {
      const readings = state.readings.map((r, i) => (i === action.index ? { ...r, takenAt: r.takenAt ?? action.now } : r));
      const next = readings.findIndex((r) => r.takenAt === null);
      return next === -1
        ? { ...state, readings, step: 'review' }
        : { ...state, readings, step: 'measure', current: next, waitSkipped: false };
    }
    case 'skipWait':
      if (tooSoon(state.readings[state.current - 1]?.takenAt, action.now)) return state;
      return { ...state, waitSkipped: true };
    case 'edit':
      return { ...state, step: 'measure', current: action.index };
    case 'addReading':
      if (state.readings.length >= GUIDED.maxReadings) return state;
      return {
        ...state,
        readings: [...state.readings, emptyReading()],
        step: 'measure',
        current: state.readings.length,
        waitSkipped: false,
      };
    case 'dropReading': {
      const readings = state.readings.length > GUIDED.minReadings ? state.readings.slice(0, -1) : state.readings;
      return { ...state, readings, step: 'review', current: 0 };
    }
    case 'period':
      return { ...state, period: action.period };
    case 'reset':
      return initialGuidedState();
  }
}

/** When the rest ends (ms), once it started. */
export function restEndsAt(state: GuidedState): number | null {
  return state.restStartedAt === null ? null : state.restStartedAt + GUIDED.restSeconds * 1000;
}

/**
 * When the pause before the current reading ends (ms): a minute after the reading before it
 * was confirmed. Null when there is no pause: the first reading, one already taken (edited
 * from the review), or a pause the user cut short.
 */
export function waitEndsAt(state: GuidedState): number | null {
  const reading = state.readings[state.current];
  const before = state.readings[state.current - 1];
  if (state.waitSkipped || !reading || reading.takenAt !== null || !before || before.takenAt === null) return null;
  return before.takenAt + GUIDED.betweenSeconds * 1000;
}

/** The session's moment: its first reading's. */
function startedAt(state: GuidedState): number | null {
  return state.readings[0]?.takenAt ?? null;
}

/** Morning from guided.morningFrom up to guided.eveningFrom (local HH:MM), else evening: the server's rule. */
export function periodOf(time: string): SessionPeriod {
  return time >= GUIDED.morningFrom && time < GUIDED.eveningFrom ? 'morning' : 'evening';
}

/** The period to save: the user's choice, else the one of the first reading's time. */
export function chosenPeriod(state: GuidedState): SessionPeriod {
  if (state.period) return state.period;
  const at = startedAt(state);
  return periodOf(toIsoTime(at === null ? new Date() : new Date(at)));
}

/**
 * The mean of whole numbers rounded half away from zero, exactly as the server's
 * `readings::session::rounded_mean` (integer arithmetic, no float drift); null for none.
 */
export function roundedMean(values: readonly number[]): number | null {
  const n = values.length;
  if (n === 0) return null;
  const sum = values.reduce((a, b) => a + b, 0);
  return Math.trunc((2 * sum + n * Math.sign(sum)) / (2 * n));
}

export interface GuidedAverage {
  systolic: number;
  diastolic: number;
  heartRate: number | null;
}

const whole = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** The average the server will store, of readings confirmed with both numbers. */
export function averageOf(readings: readonly GuidedReadingValues[]): GuidedAverage | null {
  const pick = (field: keyof GuidedReadingValues): number[] =>
    readings.map((r) => whole(r[field])).filter((v): v is number => v !== null && Number.isFinite(v));
  const systolic = roundedMean(pick('systolic'));
  const diastolic = roundedMean(pick('diastolic'));
  if (systolic === null || diastolic === null) return null;
  return { systolic, diastolic, heartRate: roundedMean(pick('heartRate')) };
}

/** POST /api/bp-sessions's body (the contract): the session's date and time are its first reading's. */
export function sessionPayload(state: GuidedState): BpSessionRequest {
  const first = new Date(startedAt(state) ?? Date.now());
  return {
    date: toIsoDate(first),
    time: toIsoTime(first),
    period: chosenPeriod(state),
    restSkipped: state.restSkipped,
    readings: state.readings.map((r) => {
      return {
        time: r.takenAt === null ? null : toIsoTime(new Date(r.takenAt)),
        systolic: Number(r.systolic.trim()),
        diastolic: Number(r.diastolic.trim()),
        heartRate: whole(r.heartRate),
      };
    }),
  };
}

/** m:ss of a number of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * What a screen reader hears of a countdown: the whole minutes, then 30 and 10 seconds,
 * then the end. The text changes only at those marks, so the polite live region speaks a
 * few times, not every second.
 */
export function countdownAnnouncement(remaining: number, done: string): string {
  if (remaining <= 0) return done;
  if (remaining > 60) return `${Math.ceil(remaining / 60)} minutes left`;
  if (remaining > 30) return '1 minute left';
  if (remaining > 10) return '30 seconds left';
  return '10 seconds left';
}

/* Keeping the state across reloads (sessionStorage: this tab only, gone with it). */

const STORAGE_KEY = GUIDED_DRAFT_KEY;
/** A draft older than this is a measurement abandoned long ago: start afresh. */
export const GUIDED_DRAFT_MAX_MS = 3 * 60 * 60 * 1000;

interface StoredDraft {
  owner: number;
  savedAt: number;
  state: GuidedState;
}

const STEPS: ReadonlyArray<GuidedStep> = ['prepare', 'rest', 'measure', 'review'];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const isMoment = (v: unknown): v is number | null => v === null || (typeof v === 'number' && Number.isFinite(v));

function isReading(v: unknown): v is GuidedReadingDraft {
  return (
    isRecord(v) &&
    typeof v.systolic === 'string' &&
    typeof v.diastolic === 'string' &&
    typeof v.heartRate === 'string' &&
    isMoment(v.takenAt)
  );
}

function isGuidedState(v: unknown): v is GuidedState {
  if (!isRecord(v)) return false;
  const { step, checked, readings, current, period } = v;
  return (
    STEPS.includes(step as GuidedStep) &&
    Array.isArray(checked) &&
    checked.length === GUIDED.checklist.length &&
    checked.every((c) => typeof c === 'boolean') &&
    isMoment(v.restStartedAt) &&
    typeof v.restSkipped === 'boolean' &&
    Array.isArray(readings) &&
    readings.length >= GUIDED.minReadings &&
    readings.length <= GUIDED.maxReadings &&
    readings.every(isReading) &&
    typeof current === 'number' &&
    Number.isInteger(current) &&
    current >= 0 &&
    current < readings.length &&
    typeof v.waitSkipped === 'boolean' &&
    (period === null || period === 'morning' || period === 'evening')
  );
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The draft this user left in this tab, unless it is stale or unreadable. */
export function loadGuidedDraft(owner: number, now: number = Date.now()): GuidedState | null {
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const stored: unknown = JSON.parse(raw);
    if (!isRecord(stored) || stored.owner !== owner || typeof stored.savedAt !== 'number') return null;
    if (now - stored.savedAt > GUIDED_DRAFT_MAX_MS || !isGuidedState(stored.state)) return null;
    return stored.state;
  } catch {
    return null;
  }
}

export function saveGuidedDraft(owner: number, state: GuidedState, now: number = Date.now()): void {
  const draft: StoredDraft = { owner, savedAt: now, state };
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage refused (private mode, quota): the measurement goes on, a reload starts afresh.
  }
}

export function clearGuidedDraft(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
