// Files of other apps, written at run time in each app's exact shape (synthetic values only),
// for the import browser tests: an Apple Health export.zip, an OMRON connect CSV and a
// spreadsheet as Excel saves it in a DD/MM locale.
import { crc32 } from 'node:zlib';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Noon, `days` days before today, in the test machine's zone: a calendar day to write readings on. */
export function dayAgo(days: number): Date {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() - days);
  return d;
}

/** MM/DD/YYYY, as the page shows dates. */
export function shownDate(d: Date): string {
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}

/** A wall-clock time on the day of `day`, at a fixed UTC offset, as an instant. */
function instant(day: Date, hh: number, mm: number, ss: number, offsetMinutes: number): Date {
  return new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), hh, mm, ss) - offsetMinutes * 60_000);
}

/** Apple's timestamp: the instant's wall clock at `offsetMinutes`, with that offset ('2024-03-05 07:43:12 -0700'). */
function appleTime(at: Date, offsetMinutes: number): string {
  const wall = new Date(at.getTime() + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const off = Math.abs(offsetMinutes);
  return (
    `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ` +
    `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())} ${sign}${pad(Math.floor(off / 60))}${pad(off % 60)}`
  );
}

/** The instant's date (MM/DD/YYYY) and time (HH:MM) on the wall clock of an IANA zone. */
export function wallClockIn(zone: string, at: Date): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('month')}/${part('day')}/${part('year')}`, time: `${part('hour')}:${part('minute')}` };
}

const SOURCE = 'sourceName="Health" sourceVersion="17.5"';
const MONITOR = 'sourceName="OMRON connect" sourceVersion="7.2"';
const WATCH = 'sourceName="Example Watch" sourceVersion="10.5" device="&lt;&lt;HKDevice: 0x0&gt;, name:Watch&gt;"';

function record(type: string, unit: string, value: string | number, at: Date, offset: number, source = SOURCE): string {
  const t = appleTime(at, offset);
  return `  <Record type="HKQuantityTypeIdentifier${type}" ${source} unit="${unit}" creationDate="${t}" startDate="${t}" endDate="${t}" value="${value}"/>\n`;
}

function bloodPressure(systolic: number, diastolic: number, at: Date, offset: number): string {
  const t = appleTime(at, offset);
  const pair = record('BloodPressureSystolic', 'mmHg', systolic, at, offset, MONITOR) + record('BloodPressureDiastolic', 'mmHg', diastolic, at, offset, MONITOR);
  return (
    ` <Correlation type="HKCorrelationTypeIdentifierBloodPressure" ${MONITOR} creationDate="${t}" startDate="${t}" endDate="${t}">\n` +
    pair +
    ' </Correlation>\n'
  );
}

export interface AppleExport {
  xml: string;
  /** What the preview should show, in the user's zone (America/New_York). */
  expected: {
    rows: Array<{ date: string; time: string; text: RegExp }>;
    from: string;
    to: string;
  };
}

/**
 * An export.xml in the Health app's shape: DOCTYPE with its internal subset, HealthData,
 * ExportDate, Me, a watch's heart rates and step counts (thousands: the bulk of a real export,
 * none of them kept), then the readings Vitalog keeps: two blood pressures (correlations, one
 * taken at -0700 while travelling, with the monitor's heart rate of its minute; their systolic
 * and diastolic listed at the top level too, as Apple does), a weight in lb, a blood glucose
 * in mg/dL, a resting heart rate, and a blood pressure out of Vitalog's range (skipped).
 */
export function appleHealthExport(zone: string, filler: number): AppleExport {
  const ny = -300;
  const travel = -420;
  const bp1 = instant(dayAgo(6), 7, 43, 12, travel);
  const bp2 = instant(dayAgo(5), 21, 15, 0, ny);
  const weight = instant(dayAgo(4), 7, 0, 0, ny);
  const sugar = instant(dayAgo(3), 8, 0, 0, ny);
  const resting = instant(dayAgo(2), 6, 30, 0, ny);
  const tooHigh = instant(dayAgo(1), 8, 0, 0, ny);

  let body = '';
  // The watch: a heart rate and a step count every few minutes, on days before the readings.
  for (let i = 0; i < filler; i += 1) {
    const at = new Date(instant(dayAgo(20), 0, 0, 0, ny).getTime() + i * 180_000);
    body += record('HeartRate', 'count/min', 60 + (i % 40), at, ny, WATCH);
    body += record('StepCount', 'count', 10 + (i % 90), at, ny, WATCH);
  }
  body += record('BodyMass', 'lb', 154.32, weight, ny);
  body += record('BloodGlucose', 'mg/dL', 99, sugar, ny);
  body += record('RestingHeartRate', 'count/min', 58, resting, ny, WATCH);
  body += record('HeartRate', 'count/min', 70, bp1, travel, MONITOR);
  for (const [s, d, at, off] of [
    [128, 82, bp1, travel],
    [135, 86, bp2, ny],
    [300, 80, tooHigh, ny],
  ] as const) {
    body += record('BloodPressureSystolic', 'mmHg', s, at, off, MONITOR) + record('BloodPressureDiastolic', 'mmHg', d, at, off, MONITOR);
  }
  body += bloodPressure(128, 82, bp1, travel) + bloodPressure(135, 86, bp2, ny) + bloodPressure(300, 80, tooHigh, ny);

  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<!DOCTYPE HealthData [\n<!-- HealthKit Export Version: 14 -->\n' +
    '<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>\n' +
    '<!ATTLIST HealthData\n  locale CDATA #REQUIRED\n>\n' +
    '<!ELEMENT ExportDate EMPTY>\n<!ATTLIST ExportDate\n  value CDATA #REQUIRED\n>\n' +
    '<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>\n' +
    '<!ELEMENT Correlation ((MetadataEntry|Record)*)>\n' +
    ']>\n' +
    '<HealthData locale="en_US">\n' +
    ` <ExportDate value="${appleTime(new Date(), ny)}"/>\n` +
    ' <Me HKCharacteristicTypeIdentifierDateOfBirth="1970-01-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexNotSet" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>\n' +
    body +
    '</HealthData>\n';

  const at = (d: Date): { date: string; time: string } => wallClockIn(zone, d);
  return {
    xml,
    expected: {
      rows: [
        { ...at(bp1), text: /128\/82 mmHg.*70 bpm/ },
        { ...at(bp2), text: /135\/86 mmHg/ },
        { ...at(weight), text: /70\.0 kg/ },
        { ...at(sugar), text: /5\.5 mmol\/L/ },
        { ...at(resting), text: /58 bpm/ },
      ],
      from: at(bp1).date,
      to: at(resting).date,
    },
  };
}

/** A zip of `entries` stored as they are (method 0), as a minimal writer makes it: enough for any zip reader. */
export function storedZip(entries: Array<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  // 2026-01-01 00:00 in DOS format; the date does not matter to a reader.
  const dosTime = 0;
  const dosDate = ((2026 - 1980) << 9) | (1 << 5) | 1;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, nameBytes, data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** OMRON connect's date ('Jul 6 2023'). */
export function omronDate(d: Date): string {
  return `${MONTHS[d.getMonth()]} ${d.getDate()} ${d.getFullYear()}`;
}

/** An OMRON connect CSV: its header, quoted cells, 12-hour times, '-' for empty; CRLF as the app writes it. */
export function omronCsv(rows: ReadonlyArray<readonly [Date, string, number, number, number | '-', string]>): string {
  const header = '"Date","Time","Systolic (mmHg)","Diastolic (mmHg)","Pulse (bpm)","Symptoms","Consumed","TruRead","Notes"';
  const lines = rows.map(([d, time, s, dia, pulse, notes]) =>
    [omronDate(d), time, s, dia, pulse, '-', '-', 'Off', notes].map((c) => `"${c}"`).join(','),
  );
  return `${[header, ...lines].join('\r\n')}\r\n`;
}

/** DD/MM/YYYY, as a spreadsheet in a European locale writes dates. */
export function ddmm(d: Date): string {
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** YYYY-MM-DD, as a spreadsheet writes a date alone. */
export function isoDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** DD.MM.YYYY, as Beurer HealthManager writes dates. */
export function ddmmDotted(d: Date): string {
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
}

/** A weight in kg as the page shows it in lbs ('183.0 lbs'): 1 lb is 0.45359237 kg. */
export function kgShownInLbs(kg: number): string {
  return `${(Math.round((kg / 0.45359237) * 10) / 10).toFixed(1)} lbs`;
}

/**
 * A weight export in Beurer HealthManager's layout (synthetic values): a title line, then the
 * header, semicolons, DD.MM.YYYY dates, decimal commas, CRLF.
 */
export function beurerWeightCsv(rows: ReadonlyArray<readonly [Date, string, number]>): string {
  const header = 'Date;Time;kg;BMI;Body fat;Water;Muscles;Bone';
  const comma = (n: number): string => n.toFixed(1).replace('.', ',');
  const lines = rows.map(([d, time, kg], i) =>
    [ddmmDotted(d), time, comma(kg), comma(24.8 + i / 10), '22,3', '55,1', '38,4', '3,1'].join(';'),
  );
  return `${['Weight', header, ...lines].join('\r\n')}\r\n`;
}
