import { describe, expect, it } from 'vitest';
import { NO_QUIRKS } from './bpMeasurement';
import { afterAnswer, afterFailure, itemOf, nextBatch, type SessionContext, tally, tallySentence, withSlot } from './cuffSession';

const bytes = (hexText: string) => Uint8Array.from(hexText.trim().split(/\s+/), (h) => parseInt(h, 16));

// The worked example: 121/81, 2026-11-27 07:05:30, pulse 64, user 1, irregular pulse.
const EXAMPLE = bytes('1E 79 00 51 00 AF F3 EA 07 0B 1B 07 05 1E 40 00 01 04 00');
// 130/78 with a time stamp only: 2026-11-26 21:40:00.
const EVENING = bytes('02 82 00 4E 00 5F 00 EA 07 0B 1A 15 28 00');

function context(over: Partial<SessionContext> = {}): SessionContext {
  const now = new Date(2026, 10, 27, 8, 0, 0);
  return { quirks: NO_QUIRKS, connectedAt: now, clockOffsetMinutes: 0, userSlot: 1, now: () => now, ...over };
}

describe('what each record becomes', () => {
  it('dates a record by the cuff, keeps its flags and queues it to save', () => {
    const item = itemOf(1, EXAMPLE, context());
    expect(item.state).toEqual({ kind: 'saving' });
    expect(item.reading).toEqual({
      date: '2026-11-27',
      time: '07:05',
      systolic: 121,
      diastolic: 81,
      heartRate: 64,
      flags: ['irregular-pulse'],
    });
    expect(item.raw).toBe('1E 79 00 51 00 AF F3 EA 07 0B 1B 07 05 1E 40 00 01 04 00');
  });

  it('refuses an error record with its reason and stores nothing', () => {
    const item = itemOf(2, bytes('16 FF 07 FF 07 FF 07 E8 07 06 17 0E 23 0A FF 07 00 00'), context());
    expect(item.state).toEqual({ kind: 'refused', reason: 'The cuff reported an error instead of a systolic value (not a number)' });
    expect(nextBatch([item])).toEqual([]);
  });

  it('refuses a reading the cuff dated in the future and says why', () => {
    const early = context({ now: () => new Date(2026, 10, 27, 6, 0, 0) });
    const item = itemOf(3, EXAMPLE, early);
    expect(item.state.kind).toBe('refused');
    expect(item.state.kind === 'refused' ? item.state.reason : '').toContain("The cuff's clock was ahead");
  });

  it('marks the stored readings "clock-unsure" when the cuff clock was far off at connection', () => {
    const off = itemOf(4, EVENING, context({ clockOffsetMinutes: -95 }));
    expect(off.reading?.flags).toEqual(['clock-unsure']);
    const near = itemOf(5, EVENING, context({ clockOffsetMinutes: 4 }));
    expect(near.reading?.flags).toEqual([]);
  });

  it('dates a record without a time stamp on arrival, marked "clock-unsure"', () => {
    const item = itemOf(6, bytes('00 82 00 4E 00 5F 00'), context());
    expect(item.reading).toMatchObject({ date: '2026-11-27', time: '08:00', flags: ['clock-unsure'] });
  });

  it('refuses a value outside the form ranges with the form message', () => {
    const item = itemOf(7, bytes('00 2C 01 50 00 5A 00'), context());
    expect(item.state).toEqual({ kind: 'refused', reason: 'Systolic must be less than 250' });
  });
});

describe('a cuff shared by two people', () => {
  const user2 = bytes('0A 82 00 4E 00 5F 00 EA 07 0B 1A 15 28 00 02');

  it('waits for the person to say which user they are, then keeps only theirs', () => {
    const items = [itemOf(1, EXAMPLE, context({ userSlot: null })), itemOf(2, user2, context({ userSlot: null }))];
    expect(items.map((i) => i.state.kind)).toEqual(['needs-slot', 'needs-slot']);
    expect(nextBatch(items)).toEqual([]);
    const chosen = withSlot(items, 2);
    expect(chosen.map((i) => i.state.kind)).toEqual(['other-user', 'saving']);
    expect(nextBatch(chosen).map((i) => i.key)).toEqual([2]);
  });

  it('leaves out the other slot once the person chose theirs', () => {
    expect(itemOf(1, user2, context({ userSlot: 1 })).state).toEqual({ kind: 'other-user' });
  });
});

describe('saving', () => {
  it('reads the server answer in the order sent, and keeps unsent ones to send again', () => {
    const items = [1, 2, 3].map((k) => itemOf(k, k === 2 ? EVENING : EXAMPLE, context()));
    const batch = nextBatch(items);
    const answered = afterAnswer(items, batch, {
      results: [{ status: 'saved' }, { status: 'already' }, { status: 'refused', message: 'Date cannot be in the future' }],
    });
    expect(answered.map((i) => i.state)).toEqual([
      { kind: 'saved' },
      { kind: 'already' },
      { kind: 'refused', reason: 'Date cannot be in the future' },
    ]);
    expect(tallySentence(tally(answered))).toBe('1 new reading saved, 1 was already in your record.');

    const failed = afterFailure(items, batch, 'offline');
    expect(failed.every((i) => i.state.kind === 'unsent')).toBe(true);
    expect(nextBatch(failed)).toHaveLength(3);
  });

  it('sends at most 200 in one request', () => {
    const many = Array.from({ length: 230 }, (_, k) => itemOf(k, EXAMPLE, context()));
    expect(nextBatch(many)).toHaveLength(200);
  });
});
