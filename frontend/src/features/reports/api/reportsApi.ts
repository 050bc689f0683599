import useSWR, { type KeyedMutator } from 'swr';
import { apiDelete, apiPost, fetcher } from '../../../lib/api';
import { useSessionUser } from '../../../lib/session';

/** Report type codes the server knows; only `bp` is offered (spec section 9). */
export type ReportType = 'bp' | 'comprehensive' | 'weight' | 'sugar';

/** A stored report as `GET /api/reports` and `POST /api/reports` answer it. */
export interface Report {
  id: number;
  userId: number;
  name: string;
  type: ReportType | string;
  /** YYYY-MM-DD. */
  dateStart: string;
  /** YYYY-MM-DD. */
  dateEnd: string;
  includeCharts: boolean;
  includeTable: boolean;
  includeAnalysis: boolean;
  /** RFC 3339 UTC. */
  dateGenerated: string;
  sizeBytes?: number;
}

/** `POST /api/reports` body (spec section 7). */
export interface CreateReportPayload {
  userId: number | null;
  name: string;
  type: ReportType;
  dateStart: string;
  dateEnd: string;
  includeCharts: boolean;
  includeTable: boolean;
  includeAnalysis: boolean;
}

/** `POST /api/reports/email` body. */
export interface EmailReportPayload {
  reportId: number;
  email: string;
  subject: string;
  message: string;
}

export interface MessageResponse {
  message?: string;
}

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

/**
 * The signed-in user's id for the create payload. The protected shell has already put
 * `GET /api/user` in SWR's cache, so this reads it without a request.
 */
export function useCurrentUserId(): number | null {
  return useSessionUser().user?.id ?? null;
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
