/**
 * The HTTP contract's types, generated from the server's OpenAPI document: `apiSchema.ts`
 * is made by `npm run api:types` from `openapi.json`, the committed copy of the server's
 * `/api/openapi.json` (a server test fails when the copy is stale; `npm run lint` fails
 * when `apiSchema.ts` is). Write aliases here, not types by hand.
 */
import type { components } from './apiSchema';

export type Schemas = components['schemas'];

/**
 * `T` with the keys `K` always present: the server writes every field of its DTOs (null
 * for none), while the document marks `Option` fields as optional.
 */
export type Sent<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: Exclude<T[P], undefined> };

/** What went wrong, for programs: the machine `code` of every error body (`lib/serverErrors` reads it). */
export type ErrorCode = Schemas['ErrorCode'];

/** Where a reading was taken: at home, or at the clinic ("office"); sent as a string (issue 35). */
export type ReadingSetting = 'home' | 'office';

/** Where a reading came from (issue 39): typed, measured by a Bluetooth cuff, or imported. */
export type ReadingSource = 'manual' | 'device' | 'import';

/** What a cuff reported with a reading, and whether its time is the cuff's own (sent as strings). */
export type ReadingFlag =
  | 'irregular-pulse'
  | 'body-movement'
  | 'cuff-loose'
  | 'pulse-out-of-range'
  | 'improper-position'
  | 'clock-unsure';

/** The values a cuff measured, kept when an edit changed them (`ReadingDto.original`). */
export type OriginalDto = Sent<Schemas['OriginalDto'], 'systolic' | 'diastolic' | 'heartRate'>;

/** A remembered Bluetooth cuff. */
export type CuffDto = Sent<Schemas['CuffDto'], 'lastSyncAt' | 'maker' | 'model' | 'userSlot'>;

/** A cuff as the client describes it on connecting (`PUT /api/cuffs/{id}`). */
export type CuffRequest = Schemas['CuffRequest'];

/** One reading a cuff measured, as `POST /api/readings/from-device` takes it. */
export type DeviceReadingRequest = Omit<Schemas['DeviceReadingRequest'], 'date' | 'time' | 'flags'> & {
  date: string;
  time: string;
  flags: ReadingFlag[];
};

/** What became of each reading sent from a cuff, in the order sent. */
export type FromDeviceResponse = Schemas['FromDeviceResponse'];

/** Morning or evening: a guided measurement's period and a home week's slot (sent as a string). */
export type Period = 'morning' | 'evening';

/** One reading of a guided measurement. */
export type SessionReadingDto = Sent<Schemas['SessionReadingDto'], 'heartRate'>;

/** The guided measurement a reading averages (`ReadingDto.session`). */
export type SessionDto = Omit<Schemas['SessionDto'], 'period' | 'readings'> & {
  period: Period;
  readings: SessionReadingDto[];
};

/** An average of a home week's blood pressure readings, with how many readings it is of. */
export type HomeWeekAverageDto = Schemas['AverageDto'];

/** The level of a home average (rules.json `homeWeek.levels`, as the server chose it). */
export type HomeWeekLevelDto = Schemas['LevelDto'];

/** One day of a home week: readings per slot; day 1 is not counted. */
export type HomeWeekDayDto = Schemas['DayDto'];

/** `GET /api/home-week`'s week (and what `POST` answers). */
export type HomeWeekDto = Omit<
  Sent<Schemas['HomeWeekDto'], 'average' | 'morning' | 'evening' | 'level' | 'today' | 'compared'>,
  'origin'
> & { origin: 'started' | 'recognised' };

/** Clinic and home side by side (issue 35), in the person's guideline. */
export type BpPatternDto = Schemas['PatternDto'];

/** `GET /api/home-week`. */
export type HomeWeekAnswerDto = Omit<Schemas['HomeWeekResponse'], 'week' | 'pattern'> & {
  week: HomeWeekDto | null;
  pattern: BpPatternDto | null;
};

/** POST /api/bp-sessions, as the guided measurement sends it (no weight, blood sugar or notes). */
export type BpSessionRequest = Pick<Schemas['SessionRequest'], 'date' | 'time' | 'period' | 'restSkipped' | 'readings'>;

// Medications (issue 16): the server sends its codes as strings; these are the ones the
// contract names.

/** A medication's form (tablet, ...), unit of strength and how often it is taken. */
export type MedicationFormCode = 'tablet' | 'capsule' | 'liquid' | 'injection' | 'patch' | 'inhaler' | 'drops' | 'other';
export type StrengthUnitCode = 'mg' | 'mcg' | 'g' | 'mL' | 'IU' | 'units';
export type FrequencyCode = 'once-daily' | 'twice-daily' | 'three-times-daily' | 'weekly' | 'as-needed';

/** One dose of a medication over a period (inclusive dates; `endDate` null: ongoing). */
export type DosePeriodDto = Omit<Sent<Schemas['DosePeriodDto'], 'endDate'>, 'unit' | 'frequency'> & {
  unit: StrengthUnitCode;
  frequency: FrequencyCode;
};

export type MedicationDto = Omit<Sent<Schemas['MedicationDto'], 'endDate' | 'reason'>, 'form' | 'periods'> & {
  form: MedicationFormCode;
  periods: DosePeriodDto[];
};

/** A start, change of dose or stop, for the chart (a stop is dated the first day without it). */
export type MedicationEventDto = Omit<Schemas['MedicationEventDto'], 'kind'> & { kind: 'started' | 'changed' | 'stopped' };

export type MedicationsAnswerDto = Omit<Schemas['MedicationListDto'], 'medications' | 'events'> & {
  medications: MedicationDto[];
  events: MedicationEventDto[];
};

/** An average blood pressure and how many readings it is of (the home week's `AverageDto`). */
export type BpAverageDto = Schemas['AverageDto'];

export type EffectDto = Omit<Sent<Schemas['EffectDto'], 'before' | 'after'>, 'kind'> & { kind: 'started' | 'changed' };

/** `percent`: taken / due in whole percent, null when nothing was due. */
export type AdherenceDto = Sent<Schemas['AdherenceDto'], 'percent' | 'added'>;

export type MedicationDetailDto = Omit<Schemas['MedicationDetailDto'], 'medication' | 'effects' | 'adherence'> & {
  medication: MedicationDto;
  effects: EffectDto[];
  adherence: AdherenceDto;
};

export type DoseStatus = 'due' | 'taken' | 'skipped';

/** One scheduled dose of a day. */
export type DoseDto = Omit<Sent<Schemas['DoseDto'], 'intakeId' | 'reason'>, 'form' | 'status'> & {
  form: MedicationFormCode;
  status: DoseStatus;
};

export type AsNeededLogDto = Schemas['AsNeededDto'];

export type DosesAnswerDto = Omit<Schemas['DayDosesDto'], 'doses'> & { doses: DoseDto[] };

export type IntakeDto = Omit<Sent<Schemas['IntakeDto'], 'reason'>, 'status'> & { status: 'taken' | 'skipped' };

// Sharing with a clinician (issue 17), the owner's side: the codes the server sends as strings.

export type SharePeriodKind = 'since' | 'fixed' | 'rolling';
export type ShareStatus = 'active' | 'expired' | 'revoked';
export type ShareAccessKind = 'view' | 'pdf';
/** "The last N days" a share may cover, and how many days its link may live. */
export type ShareLastDays = 30 | 90 | 365;
export type ShareLifetime = 1 | 7 | 30 | 90;

/** A share as its owner sees it. Instants are RFC 3339 UTC, dates YYYY-MM-DD. */
export type ShareDto = Omit<
  Sent<Schemas['ShareDto'], 'from' | 'to' | 'days' | 'revokedAt' | 'lastOpenedAt' | 'emailedTo'>,
  'periodKind' | 'status'
> & { periodKind: SharePeriodKind; status: ShareStatus };

/** `POST /api/shares`' answer: the link is in it this once, never again. */
export type CreatedShareDto = Omit<Schemas['CreatedShareDto'], 'share'> & { share: ShareDto };

/** One opening of a share: the view, or its PDF, and a coarse browser description. */
export type ShareAccessDto = Omit<Schemas['ShareAccessDto'], 'kind'> & { kind: ShareAccessKind };

/**
 * `POST /api/shares`: `from` for a "since" share, `days` for the others; the access code and
 * the email are left out when there is none.
 */
export type CreateShareRequest = Omit<
  Schemas['CreateShareRequest'],
  'periodKind' | 'from' | 'days' | 'lifetimeDays' | 'accessCode' | 'email'
> & {
  periodKind: SharePeriodKind;
  from?: string;
  days?: ShareLastDays;
  lifetimeDays: ShareLifetime;
  accessCode?: string;
  email?: string;
};

// Sharing (issue 17), the visitor's side: what `GET /api/shared/{token}` sends a clinician.
// The server writes every field (null for none); measures are in the owner's units.

/** Count, average (1 decimal), lowest and highest of one measure over the period. */
export type StatsDto = Schemas['StatsDto'];

/** Morning (before 12:00) or evening (from 18:00): readings and their averages. */
export type DayPartDto = Sent<Schemas['DayPartDto'], 'systolic' | 'diastolic' | 'heartRate'>;

/** `category`: the readings API's `bpCategory` codes. */
export type CategoryCountDto = Schemas['CategoryCountDto'];

/** `too-few-days`: fewer days with readings than `TrendsDto.minDays`, no trend stated. */
export type TrendDirection = 'rising' | 'falling' | 'stable' | 'too-few-days';

/** `per30Days` only when the readings span four weeks or more. */
export type TrendDto = Omit<Sent<Schemas['TrendDto'], 'per30Days'>, 'direction'> & { direction: TrendDirection };

type TrendMeasures = Exclude<keyof Schemas['TrendsDto'], 'method' | 'minDays'>;

/** Each measure's trend (null without readings), how they are computed, and the fewest days. */
export type TrendsDto = { [K in TrendMeasures]-?: TrendDto | null } & { method: string; minDays: number };

type Measures = 'systolic' | 'diastolic' | 'heartRate' | 'weight' | 'bloodSugar';

export type SummaryDto = Omit<Sent<Schemas['SummaryDto'], Measures>, 'morning' | 'evening' | 'trends'> & {
  morning: DayPartDto;
  evening: DayPartDto;
  trends: TrendsDto;
};

/** `bpCategory`: the readings API's codes. Oldest first in the view. */
export type SharedReadingDto = Omit<Sent<Schemas['SharedReadingDto'], Measures | 'bpCategory' | 'notes'>, 'setting'> & {
  setting: ReadingSetting;
};

export type SharedMedicationDto = Schemas['SharedMedicationDto'];

export type SharedViewDto = Omit<
  Sent<Schemas['SharedViewDto'], 'medications' | 'medicationNote'>,
  'weightUnit' | 'bloodSugarUnit' | 'summary' | 'readings'
> & {
  weightUnit: 'lbs' | 'kg';
  bloodSugarUnit: 'mg/dL' | 'mmol/L';
  summary: SummaryDto;
  readings: SharedReadingDto[];
};

/** `POST /api/shared/{token}/unlock`. */
export type UnlockRequest = Schemas['UnlockRequest'];

// Import from other apps (issue 18): the codes the server sends as strings.

/** The formats the server reads, by their wire names. */
export type ImportFormat = 'vitalog' | 'omron' | 'withings' | 'apple-health' | 'spreadsheet';
/** How a spreadsheet writes dates: MM/DD, DD/MM, YYYY-MM-DD, or Unix time (seconds or milliseconds). */
export type DateOrder = 'mdy' | 'dmy' | 'ymd' | 'epoch';
export type SkipReason = 'out-of-range' | 'unreadable-date' | 'unreadable' | 'duplicate';
/** The units a file's weight column may be written in (stones too, unlike a person's preference). */
export type FileWeightUnit = 'lbs' | 'kg' | 'st';
export type FileBloodSugarUnit = 'mg/dL' | 'mmol/L';

type MappingColumn = 'time' | 'systolic' | 'diastolic' | 'heartRate' | 'weight' | 'bloodSugar' | 'notes' | 'period';

/**
 * Which column (0-based, null: not in the file) holds what in a spreadsheet; `time` null: in
 * the date column, or no time in the file (then `defaultTime`, HH:MM). A unit null: not known
 * (the person chooses). `period`: a column of morning/evening markers, read as `morningTime`
 * and `eveningTime`. `headerRow`: the 1-based line of the header, null: found automatically.
 */
export type MappingDto = Omit<
  Sent<Schemas['MappingDto'], MappingColumn | 'headerRow' | 'defaultTime' | 'morningTime' | 'eveningTime'>,
  'weightUnit' | 'bloodSugarUnit' | 'dateOrder'
> & {
  weightUnit: FileWeightUnit | null;
  bloodSugarUnit: FileBloodSugarUnit | null;
  dateOrder: DateOrder;
};

/**
 * `POST /api/data/imports/sniff`: `format` null when not recognised (a zip is told apart when
 * it is read); `headerRow` the line read as the header, `lead` the lines above it; `app` an app
 * recognised by its layout, whose columns the mapping chose.
 */
export type SniffDto = Omit<Sent<Schemas['SniffDto'], 'delimiter' | 'app'>, 'format' | 'container' | 'mapping'> & {
  format: ImportFormat | null;
  container: 'csv' | 'zip' | 'xml' | 'unknown';
  mapping: MappingDto | null;
};

export type ImportCountsDto = Schemas['ImportCountsDto'];

/** A value as the file wrote it, and its unit (`kg`, `lbs`, `st`, `mg/dL`, `mmol/L`). */
export type ValueAsReadDto = NonNullable<Schemas['ImportRowDto']['weightAsRead']>;

/**
 * A new reading as it will be stored: weight in lbs, blood sugar in mg/dL; the weight and
 * blood sugar as read too.
 */
export type ImportRowDto = Sent<
  Schemas['ImportRowDto'],
  Exclude<MappingColumn, 'time' | 'period'> | 'weightAsRead' | 'bloodSugarAsRead'
>;

export type SkippedRowDto = Omit<Schemas['SkippedRowDto'], 'reason'> & { reason: SkipReason };

/** The unit a measure was read in, and what said so (`the column "Gewicht (kg)"`, `your choice`). */
export type UnitReadDto = Omit<Schemas['ImportPreviewDto']['units'][number], 'measure'> & { measure: 'weight' | 'bloodSugar' };

/** Records left out by a rule (not errors, not skipped), and how many. */
export type LeftOutDto = Schemas['ImportPreviewDto']['leftOut'][number];

/** What importing a file would do; nothing is stored until the draft `id` is committed. */
export type ImportPreviewDto = Omit<
  Sent<Schemas['ImportPreviewDto'], 'from' | 'to'>,
  'format' | 'timeBasis' | 'skippedByReason' | 'rows' | 'skippedRows' | 'units'
> & {
  format: ImportFormat;
  /** `converted`: the file's times carried offsets and are shown in `timeZone`. */
  timeBasis: 'converted' | 'as-written';
  skippedByReason: Partial<Record<SkipReason, number>>;
  rows: ImportRowDto[];
  skippedRows: SkippedRowDto[];
  units: UnitReadDto[];
};

/** `POST /api/data/imports/{id}/commit` (and the old JSON import). */
export type ImportResultDto = Schemas['ImportResultDto'];
