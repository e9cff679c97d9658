import { queryOptions } from '@tanstack/react-query';
import type { ReportCalendar, ReportGroupBy, ReportRange } from '@wadesk/contract';
import { fetchReportCharts, fetchReportSummary } from './reports-api';

/** The reports feature's query keys: every cached report answer sits under `reportKeys.all`. */
export const reportKeys = {
  all: ['reports'] as const,
  summary: (range: ReportRange, groupBy: ReportGroupBy, calendar: ReportCalendar) =>
    [...reportKeys.all, 'summary', range.from, range.to, groupBy, calendar] as const,
  charts: (range: ReportRange, calendar: ReportCalendar) =>
    [...reportKeys.all, 'charts', range.from, range.to, calendar] as const,
};

// A report of past days changes only as tickets of those days are answered or closed: no live events, and
// a minute's reuse (back from a drill-down, toggling the clock back) asks nothing.
const FRESH_MS = 60_000;

export const reportSummaryQuery = (range: ReportRange, groupBy: ReportGroupBy, calendar: ReportCalendar) =>
  queryOptions({
    queryKey: reportKeys.summary(range, groupBy, calendar),
    queryFn: ({ signal }) =>
      fetchReportSummary({ from: range.from, to: range.to, group_by: groupBy, calendar }, signal),
    staleTime: FRESH_MS,
  });

export const reportChartsQuery = (range: ReportRange, calendar: ReportCalendar) =>
  queryOptions({
    queryKey: reportKeys.charts(range, calendar),
    queryFn: ({ signal }) => fetchReportCharts({ from: range.from, to: range.to, calendar }, signal),
    staleTime: FRESH_MS,
  });
