/**
 * The one decoder of what a Bluetooth blood pressure cuff sends (Bluetooth SIG Blood Pressure
 * Service 0x1810, GATT Specification Supplement §3.31 Blood Pressure Measurement, §3.33
 * Blood Pressure Feature, §3.123 Intermediate Cuff Pressure). It lives in the client because
 * the bytes arrive in the browser (Web Bluetooth) and the live pressure gauge must not wait for
 * a round trip; the server receives decoded readings and checks them with the reading form's
 * own rules, as it checks a typed reading.
 *
 * Every malformed packet is refused with a reason: a wrong number stored in a health record is
 * worse than none.
 */
import { type RangeField, RULE_MESSAGES, rangeMessage, rangeOf } from '../../lib/readingRules';

/** What the cuff set in its Measurement Status field, as the API names them. */
export type CuffFlag =
  | 'body-movement'
  | 'cuff-loose'
  | 'irregular-pulse'
  | 'pulse-out-of-range'
  | 'improper-position';

/** A cuff's clock reading (no time zone: cuffs keep local time). */
export interface CuffTime {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** One decoded Blood Pressure Measurement, in whole mmHg as the reading form keeps them. */
export interface BpRecord {
  systolic: number;
  diastolic: number;
  /** Mean arterial pressure to one decimal (shown, not stored); null when the cuff sent none. */
  meanArterial: number | null;
  /** The unit the cuff sent; kPa values are converted (1 kPa = 7.50062 mmHg). */
  unit: 'mmHg' | 'kPa';
  takenAt: CuffTime | null;
  pulse: number | null;
  /** The cuff's user slot (a cuff shared by two people); null: not sent or "unknown user". */
  userId: number | null;
  flags: CuffFlag[];
}

export type Decoded<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * How a cuff model departs from the specification. Each quirk was reported by users of
 * another open-source blood pressure app (derdilla/blood-pressure-monitor-fl, PRs 735 and
 * 737: Beurer BM85 and related models, following Beurer's own app's device list).
 */
export interface CuffQuirks {
  /** The Measurement Status word arrives big-endian (its flags in the second byte). */
  statusBigEndian: boolean;
  /** A user id byte is sent whether or not flag bit 3 says so. */
  userIdAlways: boolean;
}

export const NO_QUIRKS: CuffQuirks = { statusBigEndian: false, userIdAlways: false };

// Beurer's cuffs that its own app treats as sending the status word byte-swapped.
const BEURER_SWAPPED = /^(BM|BC)\s?(54|57|58|59|64|67|77|81|85|95)\b/i;

/** The quirks of a cuff, from its maker and model name (Device Information) or its name. */
export function quirksOf(maker: string | null, model: string | null, name: string | null): CuffQuirks {
  const beurer = /beurer/i.test(maker ?? '') || /^BM\s?\d/i.test(name ?? '');
  const id = (model ?? name ?? '').trim();
  if (beurer && BEURER_SWAPPED.test(id)) return { statusBigEndian: true, userIdAlways: true };
  return NO_QUIRKS;
}

/** mmHg per kPa (ISO 80000-4 conversion used by cuffs reporting kPa). */
export const MMHG_PER_KPA = 7.50062;

// IEEE 11073-20601 SFLOAT special values: each is a cuff saying "no number", never a number.
const SFLOAT_SPECIAL: Record<number, string> = {
  0x07ff: 'not a number',
  0x0800: 'not at this resolution',
  0x07fe: 'positive infinity',
  0x0802: 'negative infinity',
  0x0801: 'reserved',
};

/** An IEEE-11073 16-bit SFLOAT: 4-bit signed exponent, 12-bit signed mantissa. */
export function sfloat(raw: number): Decoded<number> {
  const special = SFLOAT_SPECIAL[raw];
  if (special !== undefined) return { ok: false, reason: special };
  let mantissa = raw & 0x0fff;
  if (mantissa >= 0x0800) mantissa -= 0x1000;
  let exponent = raw >> 12;
  if (exponent >= 0x8) exponent -= 0x10;
  // Scaled in decimal steps so 943 × 10⁻¹ is 94.3, not 94.30000000000001.
  const value = exponent < 0 ? mantissa / 10 ** -exponent : mantissa * 10 ** exponent;
  return { ok: true, value };
}

const FLAG_KPA = 0x01;
const FLAG_TIME = 0x02;
const FLAG_PULSE = 0x04;
const FLAG_USER = 0x08;
const FLAG_STATUS = 0x10;

/** Little-endian u16 at `at` (the caller checked the length). */
function u16(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

/** The Measurement Status bits that mean something to a person (bits 6-15 are reserved and
 * some makers set their own there: ignored, never a reason to refuse a reading). */
export function statusFlags(status: number): CuffFlag[] {
  const flags: CuffFlag[] = [];
  if (status & 0x0001) flags.push('body-movement');
  if (status & 0x0002) flags.push('cuff-loose');
  if (status & 0x0004) flags.push('irregular-pulse');
  const pulseRange = (status >> 3) & 0x3;
  if (pulseRange === 1 || pulseRange === 2) flags.push('pulse-out-of-range');
  if (status & 0x0020) flags.push('improper-position');
  return flags;
}

function cuffTime(bytes: Uint8Array, at: number): CuffTime | null {
  const t: CuffTime = {
    year: u16(bytes, at),
    month: bytes[at + 2] ?? 0,
    day: bytes[at + 3] ?? 0,
    hours: bytes[at + 4] ?? 0,
    minutes: bytes[at + 5] ?? 0,
    seconds: bytes[at + 6] ?? 0,
  };
  // Year, month or day 0 is the specification's "not known"; a clock never set says so.
  if (t.year === 0 || t.month === 0 || t.day === 0) return null;
  return t;
}

function validTime(t: CuffTime): boolean {
  if (t.year < 1582 || t.year > 9999 || t.month > 12 || t.hours > 23 || t.minutes > 59 || t.seconds > 59) {
    return false;
  }
  return t.day <= new Date(Date.UTC(t.year, t.month, 0)).getUTCDate();
}

/** A pressure field in whole mmHg (the form's unit and precision). */
function pressure(bytes: Uint8Array, at: number, kpa: boolean, what: string): Decoded<number> {
  const v = sfloat(u16(bytes, at));
  if (!v.ok) return { ok: false, reason: `The cuff reported an error instead of a ${what} value (${v.reason})` };
  return { ok: true, value: kpa ? v.value * MMHG_PER_KPA : v.value };
}

/**
 * Decodes one Blood Pressure Measurement (0x2A35) value. The length must be exactly what the
 * flags announce (allowing for the cuff's known quirks): a truncated or over-long packet is
 * refused rather than guessed at.
 */
export function decodeMeasurement(data: Uint8Array, quirks: CuffQuirks = NO_QUIRKS): Decoded<BpRecord> {
  if (data.length < 7) return { ok: false, reason: `The cuff sent ${data.length} bytes; a measurement has at least 7` };
  const flags = data[0] ?? 0;
  const kpa = (flags & FLAG_KPA) !== 0;
  const userByte = (flags & FLAG_USER) !== 0 || quirks.userIdAlways;
  const expected =
    7 +
    (flags & FLAG_TIME ? 7 : 0) +
    (flags & FLAG_PULSE ? 2 : 0) +
    (userByte ? 1 : 0) +
    (flags & FLAG_STATUS ? 2 : 0);
  if (data.length !== expected) {
    return {
      ok: false,
      reason: `The cuff sent ${data.length} bytes where its flags announce ${expected}; the measurement was not read`,
    };
  }
  const systolic = pressure(data, 1, kpa, 'systolic');
  if (!systolic.ok) return systolic;
  const diastolic = pressure(data, 3, kpa, 'diastolic');
  if (!diastolic.ok) return diastolic;
  const map = pressure(data, 5, kpa, 'mean arterial pressure');
  let at = 7;
  let takenAt: CuffTime | null = null;
  if (flags & FLAG_TIME) {
    takenAt = cuffTime(data, at);
    if (takenAt && !validTime(takenAt)) return { ok: false, reason: 'The cuff sent a time stamp that is not a real date and time' };
    at += 7;
  }
  let pulse: number | null = null;
  if (flags & FLAG_PULSE) {
    const p = sfloat(u16(data, at));
    // A cuff that could not count the pulse still measured the pressure: keep the pressure.
    pulse = p.ok ? Math.round(p.value) : null;
    at += 2;
  }
  let userId: number | null = null;
  if (userByte) {
    const id = data[at] ?? 0xff;
    userId = id === 0xff ? null : id;
    at += 1;
  }
  let cuffFlags: CuffFlag[] = [];
  if (flags & FLAG_STATUS) {
    const raw = u16(data, at);
    cuffFlags = statusFlags(quirks.statusBigEndian ? ((raw & 0xff) << 8) | (raw >> 8) : raw);
  }
  return {
    ok: true,
    value: {
      systolic: Math.round(systolic.value),
      diastolic: Math.round(diastolic.value),
      meanArterial: map.ok ? Math.round(map.value * 10) / 10 : null,
      unit: kpa ? 'kPa' : 'mmHg',
      takenAt,
      pulse,
      userId,
      flags: cuffFlags,
    },
  };
}

/** The current cuff pressure while it inflates (Intermediate Cuff Pressure 0x2A36: the
 * measurement's layout, the pressure in the systolic field), in whole mmHg. */
export function decodeCuffPressure(data: Uint8Array): Decoded<number> {
  if (data.length < 7) return { ok: false, reason: 'too short' };
  const kpa = ((data[0] ?? 0) & FLAG_KPA) !== 0;
  const v = pressure(data, 1, kpa, 'cuff pressure');
  return v.ok ? { ok: true, value: Math.round(v.value) } : v;
}

/** What the cuff can detect (Blood Pressure Feature 0x2A49): the flags it could report. */
export function decodeFeature(data: Uint8Array): CuffFlag[] {
  if (data.length < 2) return [];
  const f = u16(data, 0);
  const can: CuffFlag[] = [];
  if (f & 0x01) can.push('body-movement');
  if (f & 0x02) can.push('cuff-loose');
  if (f & 0x04) can.push('irregular-pulse');
  if (f & 0x08) can.push('pulse-out-of-range');
  if (f & 0x10) can.push('improper-position');
  return can;
}

/** Current Time (0x2A2B, 10 bytes) for the device's local clock: Exact Time 256 with day of
 * week (1 Monday … 7 Sunday), and "manual time update" as the adjust reason. */
export function encodeCurrentTime(now: Date): Uint8Array<ArrayBuffer> {
  const y = now.getFullYear();
  const weekday = now.getDay() === 0 ? 7 : now.getDay();
  return Uint8Array.of(
    y & 0xff,
    y >> 8,
    now.getMonth() + 1,
    now.getDate(),
    now.getHours(),
    now.getMinutes(),
    now.getSeconds(),
    weekday,
    Math.floor((now.getMilliseconds() * 256) / 1000),
    0x01,
  );
}

/** Date Time (0x2A08, 7 bytes) for the device's local clock. */
export function encodeDateTime(now: Date): Uint8Array<ArrayBuffer> {
  return encodeCurrentTime(now).slice(0, 7);
}

/** Reads a Current Time or Date Time value (the first 7 bytes are a Date Time). */
export function decodeClock(data: Uint8Array): CuffTime | null {
  if (data.length < 7) return null;
  const t = cuffTime(data, 0);
  return t && validTime(t) ? t : null;
}

/** The cuff's local time as a `Date` in the device's time zone (cuffs keep local time). */
export function cuffTimeToDate(t: CuffTime): Date {
  return new Date(t.year, t.month - 1, t.day, t.hours, t.minutes, t.seconds);
}

/**
 * Why a decoded record cannot become a reading, in the reading form's words (its ranges and
 * messages: `crates/readings/rules.json`), or null when it can. The server checks again.
 */
export function refusalOf(record: BpRecord): string | null {
  const check = (field: RangeField, value: number): string | null => {
    const range = rangeOf(field);
    if (value < range.min) return rangeMessage(RULE_MESSAGES.belowMin, range.name, range);
    if (value > range.max) return rangeMessage(RULE_MESSAGES.aboveMax, range.name, range);
    return null;
  };
  return (
    check('systolic', record.systolic) ??
    check('diastolic', record.diastolic) ??
    (record.pulse === null ? null : check('heartRate', record.pulse)) ??
    (record.diastolic >= record.systolic ? RULE_MESSAGES.diastolicNotLower : null)
  );
}

/** Bytes as the hex a person could report ("1E 79 00 …"). */
export function hex(data: Uint8Array): string {
  return Array.from(data, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
}
