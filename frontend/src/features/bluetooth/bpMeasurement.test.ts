import { describe, expect, it } from 'vitest';
import {
  decodeClock,
  decodeCuffPressure,
  decodeFeature,
  decodeMeasurement,
  encodeCurrentTime,
  NO_QUIRKS,
  quirksOf,
  refusalOf,
  sfloat,
  statusFlags,
  type BpRecord,
} from './bpMeasurement';

const bytes = (hexText: string) => Uint8Array.from(hexText.trim().split(/\s+/), (h) => parseInt(h, 16));

function ok(hexText: string, quirks = NO_QUIRKS): BpRecord {
  const d = decodeMeasurement(bytes(hexText), quirks);
  if (!d.ok) throw new Error(`refused: ${d.reason}`);
  return d.value;
}

function refused(data: Uint8Array, quirks = NO_QUIRKS): string {
  const d = decodeMeasurement(data, quirks);
  if (d.ok) throw new Error(`decoded ${JSON.stringify(d.value)}`);
  return d.reason;
}

describe('SFLOAT (IEEE 11073-20601)', () => {
  it('reads mantissa and exponent with their signs', () => {
    expect(sfloat(0x0079)).toEqual({ ok: true, value: 121 });
    expect(sfloat(0xf3af)).toEqual({ ok: true, value: 94.3 });
    expect(sfloat(0xf0a0)).toEqual({ ok: true, value: 16 });
    expect(sfloat(0x0fff)).toEqual({ ok: true, value: -1 });
    expect(sfloat(0x1002)).toEqual({ ok: true, value: 20 });
    expect(sfloat(0xe4d2)).toEqual({ ok: true, value: 12.34 });
  });

  it('refuses the special values as numbers', () => {
    for (const raw of [0x07ff, 0x0800, 0x07fe, 0x0802, 0x0801]) {
      expect(sfloat(raw).ok).toBe(false);
    }
  });
});

describe('Blood Pressure Measurement (0x2A35)', () => {
  it('decodes the worked example', () => {
    const r = ok('1E 79 00 51 00 AF F3 EA 07 0B 1B 07 05 1E 40 00 01 04 00');
    expect(r).toEqual({
      systolic: 121,
      diastolic: 81,
      meanArterial: 94.3,
      unit: 'mmHg',
      takenAt: { year: 2026, month: 11, day: 27, hours: 7, minutes: 5, seconds: 30 },
      pulse: 64,
      userId: 1,
      flags: ['irregular-pulse'],
    });
    expect(refusalOf(r)).toBeNull();
  });

  it('refuses the all-NaN error record a real cuff sends after a failed measurement', () => {
    // Reported from a cuff showing "Err" (blood-pressure-monitor-fl issue 80): flags 0x16.
    const reason = refused(bytes('16 FF 07 FF 07 FF 07 E8 07 06 17 0E 23 0A FF 07 00 00'));
    expect(reason).toBe('The cuff reported an error instead of a systolic value (not a number)');
  });

  it('names each special value of the diastolic', () => {
    expect(refused(bytes('00 78 00 FE 07 5A 00'))).toContain('diastolic value (positive infinity)');
    expect(refused(bytes('00 78 00 02 08 5A 00'))).toContain('negative infinity');
    expect(refused(bytes('00 78 00 00 08 5A 00'))).toContain('not at this resolution');
  });

  it('converts kPa to whole mmHg', () => {
    // 16.0 / 10.7 / 12.5 kPa = 120.0 / 80.3 / 93.8 mmHg.
    const r = ok('01 A0 F0 6B F0 7D F0');
    expect(r.unit).toBe('kPa');
    expect(r.systolic).toBe(120);
    expect(r.diastolic).toBe(80);
    expect(r.meanArterial).toBe(93.8);
  });

  it('reads a record with no optional field', () => {
    expect(ok('00 82 00 4E 00 5F 00')).toEqual({
      systolic: 130,
      diastolic: 78,
      meanArterial: 95,
      unit: 'mmHg',
      takenAt: null,
      pulse: null,
      userId: null,
      flags: [],
    });
  });

  it('reads every combination of the optional fields at the right offsets', () => {
    for (let flags = 0; flags < 32; flags += 1) {
      const parts = [flags, 0x82, 0x00, 0x4e, 0x00, 0x5f, 0x00];
      if (flags & 0x02) parts.push(0xea, 0x07, 0x0c, 0x01, 0x16, 0x2d, 0x00);
      if (flags & 0x04) parts.push(0x48, 0x00);
      if (flags & 0x08) parts.push(0x02);
      if (flags & 0x10) parts.push(0x21, 0x00);
      const d = decodeMeasurement(Uint8Array.from(parts));
      expect(d.ok, `flags ${flags}`).toBe(true);
      if (!d.ok) continue;
      const kpa = (flags & 0x01) !== 0;
      expect(d.value.systolic).toBe(kpa ? 975 : 130);
      expect(d.value.takenAt).toEqual(flags & 0x02 ? { year: 2026, month: 12, day: 1, hours: 22, minutes: 45, seconds: 0 } : null);
      expect(d.value.pulse).toBe(flags & 0x04 ? 72 : null);
      expect(d.value.userId).toBe(flags & 0x08 ? 2 : null);
      expect(d.value.flags).toEqual(flags & 0x10 ? ['body-movement', 'improper-position'] : []);
    }
  });

  it('refuses every truncated and over-long packet, never a wrong number', () => {
    const full = bytes('1E 79 00 51 00 AF F3 EA 07 0B 1B 07 05 1E 40 00 01 04 00');
    for (let n = 0; n < full.length; n += 1) {
      expect(decodeMeasurement(full.slice(0, n)).ok, `${n} bytes`).toBe(false);
    }
    const longer = Uint8Array.from([...full, 0x00]);
    expect(refused(longer)).toBe('The cuff sent 20 bytes where its flags announce 19; the measurement was not read');
    expect(refused(new Uint8Array(0))).toBe('The cuff sent 0 bytes; a measurement has at least 7');
  });

  it('never throws on arbitrary bytes', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed & 0xff;
    };
    for (let i = 0; i < 2000; i += 1) {
      const data = Uint8Array.from({ length: next() % 24 }, next);
      expect(() => decodeMeasurement(data)).not.toThrow();
    }
  });

  it('treats a time stamp of zeros as "not known" and refuses an impossible date', () => {
    expect(ok('02 78 00 50 00 5A 00 00 00 00 00 00 00 00').takenAt).toBeNull();
    expect(refused(bytes('02 78 00 50 00 5A 00 EA 07 02 1E 08 00 00'))).toBe(
      'The cuff sent a time stamp that is not a real date and time',
    );
    expect(refused(bytes('02 78 00 50 00 5A 00 EA 07 0D 01 08 00 00'))).toContain('not a real date');
  });

  it('keeps the pressure when the pulse could not be counted', () => {
    const r = ok('04 78 00 50 00 5A 00 FF 07');
    expect(r.pulse).toBeNull();
    expect(r.systolic).toBe(120);
  });

  it('reads "unknown user" (0xFF) as no user', () => {
    expect(ok('08 78 00 50 00 5A 00 FF').userId).toBeNull();
  });
});

describe('Measurement Status', () => {
  it('names each flag the specification defines', () => {
    expect(statusFlags(0x0001)).toEqual(['body-movement']);
    expect(statusFlags(0x0002)).toEqual(['cuff-loose']);
    expect(statusFlags(0x0004)).toEqual(['irregular-pulse']);
    expect(statusFlags(0x0008)).toEqual(['pulse-out-of-range']);
    expect(statusFlags(0x0010)).toEqual(['pulse-out-of-range']);
    expect(statusFlags(0x0018)).toEqual([]);
    expect(statusFlags(0x0020)).toEqual(['improper-position']);
    expect(statusFlags(0x003f & ~0x0018)).toEqual([
      'body-movement',
      'cuff-loose',
      'irregular-pulse',
      'improper-position',
    ]);
  });

  it('ignores extra vendor bits in the reserved part of the word', () => {
    expect(statusFlags(0xff40)).toEqual([]);
    expect(ok('10 78 00 50 00 5A 00 04 C0').flags).toEqual(['irregular-pulse']);
  });
});

describe('cuff quirks', () => {
  it('knows the Beurer models whose status word is big-endian and user id always sent', () => {
    expect(quirksOf('Beurer', 'BM85', 'BM85')).toEqual({ statusBigEndian: true, userIdAlways: true });
    expect(quirksOf(null, null, 'BM59')).toEqual({ statusBigEndian: true, userIdAlways: true });
    expect(quirksOf('OMRON HEALTHCARE', 'HEM-7600T', 'X4 Smart')).toEqual(NO_QUIRKS);
  });

  it('decodes a Beurer record: user id without its flag, status word big-endian', () => {
    // Flags 0x16 (time, pulse, status) and yet a user id byte (1) before the status word
    // 00 04 (irregular pulse, big-endian).
    const beurer = quirksOf('Beurer', 'BM85', 'BM85');
    const r = ok('16 7D 00 52 00 60 00 EA 07 0B 1C 13 2A 00 4C 00 01 00 04', beurer);
    expect(r.userId).toBe(1);
    expect(r.pulse).toBe(76);
    expect(r.flags).toEqual(['irregular-pulse']);
    expect(r.takenAt).toEqual({ year: 2026, month: 11, day: 28, hours: 19, minutes: 42, seconds: 0 });
    // The same bytes from a cuff that follows the specification are one byte too long.
    expect(decodeMeasurement(bytes('16 7D 00 52 00 60 00 EA 07 0B 1C 13 2A 00 4C 00 01 00 04')).ok).toBe(false);
  });
});

describe('the reading form decides what is stored', () => {
  it('refuses values outside the form ranges with its message', () => {
    expect(refusalOf(ok('00 2C 01 50 00 5A 00'))).toBe('Systolic must be less than 250');
    expect(refusalOf(ok('00 78 00 1E 00 5A 00'))).toBe('Diastolic must be at least 40');
    expect(refusalOf(ok('04 78 00 50 00 5A 00 E6 00'))).toBe('Heart rate must be less than 220');
    expect(refusalOf(ok('00 64 00 64 00 64 00'))).toBe('Diastolic must be lower than systolic');
  });
});

describe('other characteristics', () => {
  it('reads the cuff pressure while inflating', () => {
    expect(decodeCuffPressure(bytes('00 8C 00 FF 07 FF 07'))).toEqual({ ok: true, value: 140 });
    expect(decodeCuffPressure(bytes('00 FF 07 FF 07 FF 07')).ok).toBe(false);
  });

  it('reads which flags the cuff can report', () => {
    expect(decodeFeature(bytes('07 00'))).toEqual(['body-movement', 'cuff-loose', 'irregular-pulse']);
    expect(decodeFeature(bytes('3F 00'))).toHaveLength(5);
    expect(decodeFeature(bytes('07'))).toEqual([]);
  });

  it('writes the Current Time the specification asks for and reads it back', () => {
    // Wednesday 2 December 2026, 10:15:30.5 local time.
    const written = encodeCurrentTime(new Date(2026, 11, 2, 10, 15, 30, 500));
    expect(Array.from(written)).toEqual([0xea, 0x07, 12, 2, 10, 15, 30, 3, 128, 0x01]);
    expect(decodeClock(written)).toEqual({ year: 2026, month: 12, day: 2, hours: 10, minutes: 15, seconds: 30 });
    expect(encodeCurrentTime(new Date(2026, 10, 29, 0, 0, 0))[7]).toBe(7);
  });
});
