import {
  type ReportChartsRequest,
  type ReportChartsResponse,
  type ReportRange,
  type ReportSummaryRequest,
  type ReportSummaryResponse,
  reportChartsResponse,
  reportSummaryResponse,
} from '@wadesk/contract';
import { api, apiBlobRequest } from '@/shared/api/api-client';

/** The figures of the tickets opened in the range, one row per group (POST /org/getReportSummary/). */
export function fetchReportSummary(
  body: ReportSummaryRequest,
  signal?: AbortSignal,
): Promise<ReportSummaryResponse> {
  return api.post('/org/getReportSummary/', body, reportSummaryResponse, { signal });
}

/** The range's first-response distribution, busiest hours and backlog (POST /org/getReportCharts/). */
export function fetchReportCharts(
  body: ReportChartsRequest,
  signal?: AbortSignal,
): Promise<ReportChartsResponse> {
  return api.post('/org/getReportCharts/', body, reportChartsResponse, { signal });
}

/** One row per ticket opened in the range, as the server writes it (bearer token and refresh as every call). */
export function fetchTicketsCsv({ from, to }: ReportRange): Promise<Blob> {
  const query = new URLSearchParams({ from, to }).toString();
  return apiBlobRequest(`/org/ticketsReport.csv?${query}`, {
    method: 'GET',
    headers: { accept: 'text/csv' },
  });
}
