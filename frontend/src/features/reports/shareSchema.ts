import { boolean, object, string, type InferType } from 'yup';
import { DAY_MS } from '../../lib/dates';
import { COMMON_MESSAGES, REPORT_LIMITS, SHARING_LIMITS, SHARING_MESSAGES } from '../../lib/rules';
import {
  SHARE_LAST_DAYS,
  SHARE_LIFETIMES,
  type CreateShareRequest,
  type ShareLastDays,
  type ShareLifetime,
} from './api/shares';
import { EMAIL_PATTERN, reportMessages } from './schemas';

/** The server's messages, word for word (one source: crates/sharing/rules.json), and the form's own. */
export const shareMessages = {
  labelRequired: SHARING_MESSAGES.labelRequired,
  labelMax: SHARING_MESSAGES.labelLong,
  shownNameRequired: SHARING_MESSAGES.shownNameRequired,
  shownNameMax: SHARING_MESSAGES.shownNameLong,
  fromRequired: SHARING_MESSAGES.fromRequired,
  dateInvalid: COMMON_MESSAGES.dateLike,
  fromFuture: SHARING_MESSAGES.fromFuture,
  fromTooEarly: SHARING_MESSAGES.fromTooEarly,
  codeShort: SHARING_MESSAGES.codeShort,
  codeLong: SHARING_MESSAGES.codeLong,
  codeChars: SHARING_MESSAGES.codeChars,
  email: reportMessages.recipientInvalid,
  createFailed: 'The share could not be created',
  stopFailed: 'Sharing could not be stopped',
  deleteFailed: 'The share could not be deleted',
} as const;

export const SHARE_TEXT_MAX: number = SHARING_LIMITS.labelMax;
export const ACCESS_CODE_MIN: number = SHARING_LIMITS.codeMin;
export const ACCESS_CODE_MAX: number = SHARING_LIMITS.codeMax;
/** The earliest first day of a "since" share, in days back: the server's bound (a report's longest period, crates/reports/rules.json). */
const SINCE_MAX_DAYS: number = REPORT_LIMITS.maxPeriodDays;

/** What the period choice offers: from a date, or the last 30, 90 or 365 days. */
export type PeriodChoice = 'since' | `${ShareLastDays}`;
export const PERIOD_CHOICES: ReadonlyArray<{ value: PeriodChoice; label: string }> = [
  { value: 'since', label: 'Since a date' },
  ...SHARE_LAST_DAYS.map((days) => ({ value: `${days}` as const, label: `The last ${days} days` })),
];

export type LifetimeChoice = `${ShareLifetime}`;
export const LIFETIME_CHOICES: ReadonlyArray<{ value: LifetimeChoice; label: string }> = SHARE_LIFETIMES.map((days) => ({
  value: `${days}` as const,
  label: days === 1 ? '1 day' : `${days} days`,
}));

/** The measures a share may show besides blood pressure, as the form names them. */
export const INCLUDES = [
  { name: 'includeHeartRate', label: 'Heart rate' },
  { name: 'includeWeight', label: 'Weight' },
  { name: 'includeBloodSugar', label: 'Blood sugar' },
  { name: 'includeNotes', label: 'Notes' },
  { name: 'includeMedications', label: 'Medications' },
] as const;

/** The server's field names that are fields of this form. */
export const SHARE_FIELDS = ['label', 'shownName', 'periodKind', 'from', 'days', 'lifetimeDays', 'accessCode', 'email'] as const;

/** The server's field errors on the form's fields (the period's kind and days are its period choice). */
export function shareFieldErrors(server: Partial<Record<(typeof SHARE_FIELDS)[number], string>>): Partial<Record<keyof ShareValues, string>> {
  const { periodKind, days, ...rest } = server;
  const period = periodKind ?? days;
  return period === undefined ? rest : { ...rest, period };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Days from `from` to `to` (both YYYY-MM-DD); null when either is not a real date. */
function daysBetween(from: string, to: string): number | null {
  if (!ISO_DATE.test(from) || !ISO_DATE.test(to)) return null;
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b) || new Date(a).toISOString().slice(0, 10) !== from) return null;
  return Math.round((b - a) / DAY_MS);
}

const text = (required: string, max: string) => string().trim().required(required).max(SHARE_TEXT_MAX, max);

/** The create form's checks as of the owner's `today` (YYYY-MM-DD in their time zone). */
export function shareSchema(today: string) {
  return object({
    label: text(shareMessages.labelRequired, shareMessages.labelMax),
    shownName: text(shareMessages.shownNameRequired, shareMessages.shownNameMax),
    period: string<PeriodChoice>().required(),
    from: string()
      .default('')
      .when('period', {
        is: 'since',
        then: (s) =>
          s
            .required(shareMessages.fromRequired)
            .test('date', shareMessages.dateInvalid, (value) => value === '' || daysBetween(value, today) !== null)
            .test('future', shareMessages.fromFuture, (value) => (daysBetween(value, today) ?? 0) >= 0)
            .test('early', shareMessages.fromTooEarly, (value) => (daysBetween(value, today) ?? 0) <= SINCE_MAX_DAYS),
      }),
    rolling: boolean().default(true),
    includeHeartRate: boolean().default(true),
    includeWeight: boolean().default(false),
    includeBloodSugar: boolean().default(false),
    includeNotes: boolean().default(false),
    includeMedications: boolean().default(false),
    lifetimeDays: string<LifetimeChoice>().required(),
    // As typed, not trimmed: what the clinician types is what counts.
    accessCode: string()
      .default('')
      .test('short', shareMessages.codeShort, (value) => value === '' || [...value].length >= ACCESS_CODE_MIN)
      .test('long', shareMessages.codeLong, (value) => [...value].length <= ACCESS_CODE_MAX)
      .test('chars', shareMessages.codeChars, (value) => !/[\s\p{Cc}]/u.test(value)),
    email: string()
      .trim()
      .default('')
      .matches(EMAIL_PATTERN, { message: shareMessages.email, excludeEmptyString: true }),
  });
}
export type ShareValues = InferType<ReturnType<typeof shareSchema>>;

/** A new share's form: the last 30 days kept up to date, heart rate with it, a week's link. */
export function defaultShareValues(shownName: string, today: string): ShareValues {
  return {
    label: '',
    shownName,
    period: '30',
    from: today,
    rolling: true,
    includeHeartRate: true,
    includeWeight: false,
    includeBloodSugar: false,
    includeNotes: false,
    includeMedications: false,
    lifetimeDays: '7',
    accessCode: '',
    email: '',
  };
}

/** The request the form sends: the period as the server names it, empty options left out. */
export function shareRequestOf(values: ShareValues): CreateShareRequest {
  const period: Pick<CreateShareRequest, 'periodKind' | 'from' | 'days'> =
    values.period === 'since'
      ? { periodKind: 'since', from: values.from }
      : { periodKind: values.rolling ? 'rolling' : 'fixed', days: Number(values.period) as ShareLastDays };
  const email = values.email.trim();
  return {
    label: values.label.trim(),
    shownName: values.shownName.trim(),
    ...period,
    includeHeartRate: values.includeHeartRate,
    includeWeight: values.includeWeight,
    includeBloodSugar: values.includeBloodSugar,
    includeNotes: values.includeNotes,
    includeMedications: values.includeMedications,
    lifetimeDays: Number(values.lifetimeDays) as ShareLifetime,
    ...(values.accessCode === '' ? {} : { accessCode: values.accessCode }),
    ...(email === '' ? {} : { email }),
  };
}

/** "Opened 1 time", "Opened 3 times", "Not opened yet". */
export function openedText(opened: number): string {
  if (opened === 0) return 'Not opened yet';
  return `Opened ${opened} ${opened === 1 ? 'time' : 'times'}`;
}
