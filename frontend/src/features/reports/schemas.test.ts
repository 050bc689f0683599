import { describe, expect, it } from 'vitest';
import { daysBefore, formatIsoDate, formatTimestamp, toIsoDate } from './dates';
import {
  DEFAULT_EMAIL_SUBJECT,
  createReportSchema,
  defaultCreateValues,
  defaultReportName,
  emailReportSchema,
  reportMessages,
  reportTypeLabel,
} from './schemas';

async function errorsOf(schema: typeof createReportSchema | typeof emailReportSchema, value: object): Promise<string[]> {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('report defaults', () => {
  it('covers the last 30 days to today, across month and year ends', () => {
    expect(defaultCreateValues(new Date(2026, 0, 15))).toMatchObject({ dateStart: '2025-12-16', dateEnd: '2026-01-15' });
    expect(defaultCreateValues(new Date(2024, 2, 1))).toMatchObject({ dateStart: '2024-01-31', dateEnd: '2024-03-01' });
  });

  it('names the report after its type and period', () => {
    expect(defaultCreateValues(new Date(2026, 10, 22)).name).toBe('Blood Pressure Report 10/23/2026 – 11/22/2026');
    expect(defaultReportName('bp', '', '2026-01-01')).toBe('Blood Pressure Report');
    expect(reportTypeLabel('sugar')).toBe('Blood Sugar Report');
    expect(reportTypeLabel('other')).toBe('other');
  });

  it('uses a health-report title with the product name as the subject', () => {
    expect(DEFAULT_EMAIL_SUBJECT).toBe('Vitalog Health Report');
  });
});

describe('dates', () => {
  it('formats dates as MM/DD/YYYY and instants with a 12-hour time', () => {
    expect(formatIsoDate('2026-03-04')).toBe('03/04/2026');
    expect(formatIsoDate('garbage')).toBe('garbage');
    const local = new Date(2026, 10, 22, 0, 5);
    expect(formatTimestamp(local.toISOString())).toBe('11/22/2026, 12:05 AM');
    expect(formatTimestamp(new Date(2026, 10, 22, 13, 30).toISOString())).toBe('11/22/2026, 1:30 PM');
    expect(toIsoDate(daysBefore(new Date(2026, 2, 1), 1))).toBe('2026-02-28');
  });
});

describe('report validation', () => {
  const valid = defaultCreateValues(new Date(2026, 10, 22));

  it('accepts the defaults', async () => {
    expect(await errorsOf(createReportSchema, valid)).toEqual([]);
  });

  it('uses the server wording for bad dates, order, span and includes', async () => {
    expect(await errorsOf(createReportSchema, { ...valid, dateStart: '2026-02-30' })).toContain(reportMessages.dateInvalid);
    expect(await errorsOf(createReportSchema, { ...valid, dateStart: '2026-11-23' })).toEqual([reportMessages.endBeforeStart]);
    expect(await errorsOf(createReportSchema, { ...valid, dateStart: '2010-01-01' })).toEqual([reportMessages.periodTooLong]);
    expect(
      await errorsOf(createReportSchema, { ...valid, includeCharts: false, includeTable: false, includeAnalysis: false }),
    ).toEqual([reportMessages.nothingIncluded]);
    expect(await errorsOf(createReportSchema, { ...valid, name: 'x'.repeat(121) })).toEqual([reportMessages.nameMax]);
  });

  it('checks the email fields with the spec messages', async () => {
    const email = { reportId: '3', email: 'dr@clinic.example', subject: 'Vitalog Health Report', message: '' };
    expect(await errorsOf(emailReportSchema, email)).toEqual([]);
    expect(await errorsOf(emailReportSchema, { ...email, email: '' })).toEqual(['Please enter a recipient email address.']);
    expect(await errorsOf(emailReportSchema, { ...email, email: 'dr@clinic' })).toEqual(['Please enter a valid email address']);
    expect(await errorsOf(emailReportSchema, { ...email, subject: '  ' })).toEqual(['Subject is required']);
    expect(await errorsOf(emailReportSchema, { ...email, reportId: '' })).toEqual([reportMessages.reportRequired]);
  });
});
