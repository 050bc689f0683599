import useSWR, { type KeyedMutator } from 'swr';
import { apiDelete, apiPost, fetcher } from '../../../lib/api';
import type { Schemas } from '../../../lib/apiTypes';

/** Report type codes the server knows; only `bp` is offered (spec section 9). */
export type ReportType = 'bp' | 'comprehensive' | 'weight' | 'sugar';

/**
 * A stored report as `GET /api/reports` and `POST /api/reports` answer it: dates are
 * YYYY-MM-DD, `dateGenerated` RFC 3339 UTC. `sizeBytes` and `readingCount` are optional here: no screen shows them.
 */
export type Report = Omit<Schemas['ReportDto'], 'sizeBytes' | 'readingCount'> &
  Partial<Pick<Schemas['ReportDto'], 'sizeBytes' | 'readingCount'>>;

/** `POST /api/reports` body (spec section 7). */
export type CreateReportPayload = Omit<Required<Schemas['CreateReportRequest']>, 'userId'> & { type: ReportType };

/** `POST /api/reports/email` body. */
export type EmailReportPayload = Required<Schemas['EmailReportRequest']>;

export type MessageResponse = Schemas['MessageResponse'];

export const REPORTS_KEY = '/api/reports';

export const reportViewUrl = (id: number): string => `/api/reports/${id}/view`;
export const reportDownloadUrl = (id: number): string => `/api/reports/${id}/download`;

export interface ReportsState {
  reports: Report[] | undefined;
  isLoading: boolean;
  error: unknown;
  mutate: KeyedMutator<Report[]>;
}

/** The user's reports, newest first, as the server orders them. */
export function useReports(): ReportsState {
  const { data, error, isLoading, mutate } = useSWR<Report[]>(REPORTS_KEY, fetcher);
  return { reports: data, isLoading, error: error as unknown, mutate };
}

export function createReport(payload: CreateReportPayload): Promise<Report> {
  return apiPost<Report>(REPORTS_KEY, payload);
}

export function emailReport(payload: EmailReportPayload): Promise<MessageResponse | undefined> {
  return apiPost<MessageResponse | undefined>('/api/reports/email', payload);
}

export function deleteReport(id: number): Promise<MessageResponse | undefined> {
  return apiDelete<MessageResponse | undefined>(`/api/reports/${id}`);
}
