import { boolean, object, string, type InferType } from 'yup';
import { COMMON_MESSAGES, REPORT_LIMITS, REPORT_MESSAGES } from '../../lib/rules';
import { PRODUCT_NAME } from '../../lib/useDocumentTitle';
import { daysBefore, formatIsoDate, toIsoDate } from './dates';
import type { ReportType } from './api/reportsApi';

/**
 * Messages word for word from the product spec (sections 5 and 8) and, where the spec
 * names a rule without wording, from the server: one source, crates/reports/rules.json
 * (and kernel's for the date and the address). The others are the client's own.
 */
export const reportMessages = {
  typeRequired: REPORT_MESSAGES.typeRequired,
  startRequired: REPORT_MESSAGES.startRequired,
  endRequired: REPORT_MESSAGES.endRequired,
  dateInvalid: COMMON_MESSAGES.dateLike,
  endBeforeStart: REPORT_MESSAGES.endBeforeStart,
  periodTooLong: REPORT_MESSAGES.periodTooLong,
  nothingIncluded: REPORT_MESSAGES.nothingIncluded,
  nameMax: REPORT_MESSAGES.nameMax,
  reportRequired: 'Please choose a report to send.',
  recipientRequired: REPORT_MESSAGES.recipientRequired,
  recipientInvalid: COMMON_MESSAGES.recipientInvalid,
  subjectRequired: 'Subject is required',
  subjectRequiredOnSend: REPORT_MESSAGES.subjectRequired,
  subjectLines: REPORT_MESSAGES.subjectLines,
  subjectMax: REPORT_MESSAGES.subjectMax,
  messageMax: REPORT_MESSAGES.messageMax,
  generic: 'Failed to process your request. Please try again.',
  generateFailed: 'Failed to generate report. Please try again.',
  sendFailed: 'Failed to send report. Please try again.',
  deleteFailed: 'Failed to delete report. Please try again.',
  empty: "You haven't generated any reports yet.",
} as const;

/** Spec section 9: last 30 days to today. */
export const DEFAULT_RANGE_DAYS = 30;
export const NAME_MAX: number = REPORT_LIMITS.nameMax;
export const SUBJECT_MAX: number = REPORT_LIMITS.subjectMax;
export const MESSAGE_MAX: number = REPORT_LIMITS.messageMax;
/** The server refuses periods longer than this many days. */
export const PERIOD_MAX_DAYS: number = REPORT_LIMITS.maxPeriodDays;

/** Display names of the type codes (the server's titles). */
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  bp: 'Blood Pressure Report',
  comprehensive: 'Comprehensive Health Report',
  weight: 'Weight Report',
  sugar: 'Blood Sugar Report',
};

/** Only the blood pressure report is offered (spec section 9). */
export const OFFERED_TYPES: readonly ReportType[] = ['bp'];

export function reportTypeLabel(code: string): string {
  return code in REPORT_TYPE_LABELS ? REPORT_TYPE_LABELS[code as ReportType] : code;
}

/** The default email subject: a health-report title carrying the product name. */
export const DEFAULT_EMAIL_SUBJECT = `${PRODUCT_NAME} Health Report`;

/**
 * The email subject that names a report and its period (issue 36: a doctor's inbox must tell
 * a 30-day report from a 2-year one), exactly as the server would complete a subject without
 * its period (reports::emails): "Vitalog Health Report: Blood Pressure Report, 10/23/2026 to
 * 11/22/2026".
 */
export function emailSubjectFor(report: { type: string; dateStart: string; dateEnd: string }): string {
  return `${DEFAULT_EMAIL_SUBJECT}: ${reportTypeLabel(report.type)}, ${formatIsoDate(report.dateStart)} to ${formatIsoDate(report.dateEnd)}`;
}

/** "Blood Pressure Report 10/23/2026 – 11/22/2026". */
export function defaultReportName(type: string, dateStart: string, dateEnd: string): string {
  const title = type === '' ? 'Health Report' : reportTypeLabel(type);
  if (dateStart === '' || dateEnd === '') return title;
  return `${title} ${formatIsoDate(dateStart)} – ${formatIsoDate(dateEnd)}`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parseIsoDate(value: string): number | null {
  if (!ISO_DATE.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(time)) return null;
  return new Date(time).toISOString().slice(0, 10) === value && Number(value.slice(0, 4)) >= 1900 ? time : null;
}

const DAY_MS = 86_400_000;

export const createReportSchema = object({
  name: string().trim().max(NAME_MAX, reportMessages.nameMax).default(''),
  type: string().required(reportMessages.typeRequired),
  dateStart: string()
    .required(reportMessages.startRequired)
    .test('date', reportMessages.dateInvalid, (value) => parseIsoDate(value) !== null),
  dateEnd: string()
    .required(reportMessages.endRequired)
    .test('date', reportMessages.dateInvalid, (value) => parseIsoDate(value) !== null)
    .test('order', reportMessages.endBeforeStart, (value, context) => {
      const start = parseIsoDate(String(context.parent.dateStart ?? ''));
      const end = parseIsoDate(value);
      return start === null || end === null || end >= start;
    })
    .test('span', reportMessages.periodTooLong, (value, context) => {
      const start = parseIsoDate(String(context.parent.dateStart ?? ''));
      const end = parseIsoDate(value);
      return start === null || end === null || (end - start) / DAY_MS <= PERIOD_MAX_DAYS;
    }),
  includeCharts: boolean().default(true),
  includeTable: boolean().default(true),
  includeAnalysis: boolean()
    .default(true)
    .test('include', reportMessages.nothingIncluded, (value, context) =>
      Boolean(value || context.parent.includeCharts || context.parent.includeTable),
    ),
});
export type CreateReportValues = InferType<typeof createReportSchema>;

/** The create form's starting values for `today` (spec section 9). */
export function defaultCreateValues(today: Date = new Date()): CreateReportValues {
  const dateEnd = toIsoDate(today);
  const dateStart = toIsoDate(daysBefore(today, DEFAULT_RANGE_DAYS));
  return {
    name: defaultReportName('bp', dateStart, dateEnd),
    type: 'bp',
    dateStart,
    dateEnd,
    includeCharts: true,
    includeTable: true,
    includeAnalysis: true,
  };
}

/** A practical address check (something@domain.tld, no spaces). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailReportSchema = object({
  reportId: string().required(reportMessages.reportRequired),
  email: string()
    .trim()
    .required(reportMessages.recipientRequired)
    .matches(EMAIL_PATTERN, { message: reportMessages.recipientInvalid, excludeEmptyString: true }),
  subject: string()
    .trim()
    .required(reportMessages.subjectRequired)
    .matches(/^[^\r\n]*$/, { message: reportMessages.subjectLines, excludeEmptyString: true })
    .max(SUBJECT_MAX, reportMessages.subjectMax),
  message: string().max(MESSAGE_MAX, reportMessages.messageMax).default(''),
});
export type EmailReportValues = InferType<typeof emailReportSchema>;

export const defaultEmailValues: EmailReportValues = {
  reportId: '',
  email: '',
  subject: DEFAULT_EMAIL_SUBJECT,
  message: '',
};
