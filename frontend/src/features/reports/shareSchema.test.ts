import { describe, expect, it } from 'vitest';
import { defaultShareValues, openedText, shareMessages, shareRequestOf, shareSchema } from './shareSchema';

const today = '2026-11-22';
const valid = { ...defaultShareValues('Alice Moreau', today), label: 'Dr Patel' };

async function errorsOf(values: object): Promise<string[]> {
  try {
    await shareSchema(today).validate({ ...valid, ...values }, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('the share schema', () => {
  it('accepts the defaults with a label', async () => {
    expect(await errorsOf({})).toEqual([]);
  });

  it('bounds a "since" share by today and the server\'s 3,660 days back, and ignores the date otherwise', async () => {
    expect(await errorsOf({ period: 'since', from: today })).toEqual([]);
    // crates/sharing/src/validate.rs refuses `from < today - 3660 days`: 2016-11-14 is the earliest.
    expect(await errorsOf({ period: 'since', from: '2016-11-14' })).toEqual([]);
    expect(await errorsOf({ period: 'since', from: '2016-11-13' })).toEqual([shareMessages.fromTooEarly]);
    expect(await errorsOf({ period: 'since', from: '2026-11-23' })).toEqual([shareMessages.fromFuture]);
    expect(await errorsOf({ period: 'since', from: '2026-02-30' })).toEqual([shareMessages.dateInvalid]);
    expect(await errorsOf({ period: 'since', from: '' })).toEqual([shareMessages.fromRequired]);
    expect(await errorsOf({ period: '90', from: '' })).toEqual([]);
  });

  it('takes the access code as typed: 6 to 64 characters, no spaces or control characters', async () => {
    expect(await errorsOf({ accessCode: 'abcdef' })).toEqual([]);
    expect(await errorsOf({ accessCode: 'x'.repeat(64) })).toEqual([]);
    expect(await errorsOf({ accessCode: 'x'.repeat(65) })).toEqual([shareMessages.codeLong]);
    expect(await errorsOf({ accessCode: ' abcdef' })).toEqual([shareMessages.codeChars]);
    expect(await errorsOf({ accessCode: 'abc\u0007def' })).toEqual([shareMessages.codeChars]);
  });

  it('limits the label and the shown name to 100 characters', async () => {
    expect(await errorsOf({ label: 'x'.repeat(101), shownName: 'y'.repeat(101) })).toEqual([
      shareMessages.labelMax,
      shareMessages.shownNameMax,
    ]);
  });
});

describe('the request', () => {
  it('names the period as the server does and leaves empty options out', () => {
    expect(shareRequestOf({ ...valid, period: '365', rolling: false })).toMatchObject({ periodKind: 'fixed', days: 365 });
    const since = shareRequestOf({ ...valid, period: 'since', from: '2026-01-05', accessCode: '', email: '  ' });
    expect(since).toMatchObject({ periodKind: 'since', from: '2026-01-05', lifetimeDays: 7 });
    expect(Object.keys(since)).not.toEqual(expect.arrayContaining(['days']));
    expect(since).not.toHaveProperty('accessCode');
    expect(since).not.toHaveProperty('email');
  });

  it('counts openings in words', () => {
    expect([0, 1, 2].map(openedText)).toEqual(['Not opened yet', 'Opened 1 time', 'Opened 2 times']);
  });
});
