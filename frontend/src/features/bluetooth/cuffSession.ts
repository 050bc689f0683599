/**
 * What happens to each record a cuff sends, from its bytes to the person's record: decoded,
 * dated, checked against the form's rules, kept only when it is the person's own slot on a
 * shared cuff, then saved in small batches (the server stores a reading already in the record
 * only once). Kept free of React and of Web Bluetooth so every rule is unit-tested.
 */
import { toIsoDate, toIsoTime } from '../../lib/dates';
import { type BpRecord, type CuffQuirks, cuffTimeToDate, decodeMeasurement, hex, refusalOf } from './bpMeasurement';
import type { DeviceAnswer, DeviceReading, ReadingFlag } from './cuffsApi';

/** A cuff time further ahead than this is the cuff's clock running fast, not a reading. */
const AHEAD_TOLERANCE_MS = 10 * 60_000;
/** A cuff clock further off than this at connection makes the stored readings' times unsure. */
export const CLOCK_OFF_MINUTES = 10;
/** The server takes at most this many readings per request. */
export const BATCH_MAX = 200;

export type ItemState =
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'already' }
  | { kind: 'refused'; reason: string }
  /** Another person's slot on a shared cuff: shown, never stored. */
  | { kind: 'other-user' }
  /** Waiting for the person to say which slot of the shared cuff is theirs. */
  | { kind: 'needs-slot' }
  /** The server could not be reached: kept here and sent again. */
  | { kind: 'unsent'; reason: string };

export interface CuffItem {
  key: number;
  /** The bytes as received, for a person reporting a problem. */
  raw: string;
  record: BpRecord | null;
  reading: DeviceReading | null;
  state: ItemState;
}

export interface SessionContext {
  quirks: CuffQuirks;
  /** When this connection was made (records dated before it came from the cuff's memory). */
  connectedAt: Date;
  /** How far off the cuff's clock was when connected, in minutes; null when not known. */
  clockOffsetMinutes: number | null;
  /** The person's slot on this cuff; null when not chosen yet. */
  userSlot: number | null;
  now: () => Date;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The reading a record becomes, or why it cannot. Cuffs keep local time: no time zone. */
export function readingOf(record: BpRecord, ctx: SessionContext): { reading: DeviceReading } | { refused: string } {
  const flags: ReadingFlag[] = [...record.flags];
  let date: string;
  let time: string;
  const now = ctx.now();
  if (record.takenAt) {
    const at = cuffTimeToDate(record.takenAt);
    if (at.getTime() > now.getTime() + AHEAD_TOLERANCE_MS) {
      return {
        refused: `The cuff's clock was ahead: it dated this reading ${toIsoDate(at)} ${toIsoTime(at)}, in the future. Its clock is now set; measure again.`,
      };
    }
    const t = record.takenAt;
    date = `${t.year}-${pad(t.month)}-${pad(t.day)}`;
    time = `${pad(t.hours)}:${pad(t.minutes)}`;
    const clockWasOff = ctx.clockOffsetMinutes !== null && Math.abs(ctx.clockOffsetMinutes) > CLOCK_OFF_MINUTES;
    if (clockWasOff && at.getTime() < ctx.connectedAt.getTime()) flags.push('clock-unsure');
  } else {
    // No time stamp: the time it arrived, marked as not the cuff's own.
    date = toIsoDate(now);
    time = toIsoTime(now);
    flags.push('clock-unsure');
  }
  const refusal = refusalOf(record);
  if (refusal) return { refused: refusal };
  return {
    reading: { date, time, systolic: record.systolic, diastolic: record.diastolic, heartRate: record.pulse, flags },
  };
}

/** The item one received value becomes, before any saving. */
export function itemOf(key: number, data: Uint8Array, ctx: SessionContext): CuffItem {
  const raw = hex(data);
  const decoded = decodeMeasurement(data, ctx.quirks);
  if (!decoded.ok) return { key, raw, record: null, reading: null, state: { kind: 'refused', reason: decoded.reason } };
  const record = decoded.value;
  const made = readingOf(record, ctx);
  if ('refused' in made) return { key, raw, record, reading: null, state: { kind: 'refused', reason: made.refused } };
  if (record.userId !== null) {
    if (ctx.userSlot === null) return { key, raw, record, reading: made.reading, state: { kind: 'needs-slot' } };
    if (record.userId !== ctx.userSlot) return { key, raw, record, reading: made.reading, state: { kind: 'other-user' } };
  }
  return { key, raw, record, reading: made.reading, state: { kind: 'saving' } };
}

/** Items waiting for a slot, once the person chose theirs. */
export function withSlot(items: CuffItem[], slot: number): CuffItem[] {
  return items.map((item) =>
    item.state.kind === 'needs-slot' && item.record
      ? { ...item, state: item.record.userId === slot ? { kind: 'saving' } : { kind: 'other-user' } }
      : item,
  );
}

/** The items the next request sends: waiting to be saved, or not sent before. */
export function nextBatch(items: CuffItem[]): CuffItem[] {
  return items.filter((i) => (i.state.kind === 'saving' || i.state.kind === 'unsent') && i.reading).slice(0, BATCH_MAX);
}

/** The items after the server answered a batch (results in the order sent). */
export function afterAnswer(items: CuffItem[], sent: CuffItem[], answer: Pick<DeviceAnswer, 'results'> | AnswerStatuses): CuffItem[] {
  const states = new Map<number, ItemState>();
  sent.forEach((item, index) => {
    const result = answer.results[index];
    if (!result) {
      states.set(item.key, { kind: 'unsent', reason: 'The server did not answer for this reading.' });
    } else if (result.status === 'saved') {
      states.set(item.key, { kind: 'saved' });
    } else if (result.status === 'already') {
      states.set(item.key, { kind: 'already' });
    } else {
      states.set(item.key, { kind: 'refused', reason: 'message' in result && result.message ? result.message : 'The server refused this reading.' });
    }
  });
  return items.map((item) => {
    const state = states.get(item.key);
    return state ? { ...item, state } : item;
  });
}

/** The items after a batch could not reach the server: kept, to be sent again. */
export function afterFailure(items: CuffItem[], sent: CuffItem[], reason: string): CuffItem[] {
  const keys = new Set(sent.map((i) => i.key));
  return items.map((item) => (keys.has(item.key) ? { ...item, state: { kind: 'unsent', reason } } : item));
}

/** The part of the server's answer the items need: each result's status and message. */
export interface AnswerStatuses {
  results: ReadonlyArray<{ status: 'saved' | 'already' | 'refused'; message?: string }>;
}

export interface Tally {
  saved: number;
  already: number;
  refused: number;
  otherUser: number;
  pending: number;
  needsSlot: number;
  unsent: number;
}

export function tally(items: CuffItem[]): Tally {
  const t: Tally = { saved: 0, already: 0, refused: 0, otherUser: 0, pending: 0, needsSlot: 0, unsent: 0 };
  for (const { state } of items) {
    if (state.kind === 'saved') t.saved += 1;
    else if (state.kind === 'already') t.already += 1;
    else if (state.kind === 'refused') t.refused += 1;
    else if (state.kind === 'other-user') t.otherUser += 1;
    else if (state.kind === 'saving') t.pending += 1;
    else if (state.kind === 'needs-slot') t.needsSlot += 1;
    else t.unsent += 1;
  }
  return t;
}

/** "3 new readings saved, 2 were already in your record." */
export function tallySentence(t: Tally): string {
  const parts = [`${t.saved} new ${t.saved === 1 ? 'reading' : 'readings'} saved`];
  if (t.already > 0) parts.push(`${t.already} ${t.already === 1 ? 'was' : 'were'} already in your record`);
  return `${parts.join(', ')}.`;
}
