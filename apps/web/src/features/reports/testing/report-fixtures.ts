import type { ReportChartsResponse, ReportRow } from '@wadesk/contract';

/** A report row with every figure set (the team's totals unless told otherwise). */
export function reportRow(extra: Partial<ReportRow> = {}): ReportRow {
  return {
    key: 'all',
    name: 'Everyone',
    tickets_opened: 40,
    tickets_closed: 30,
    tickets_reopened: 4,
    first_response: { count: 36, p50_seconds: 720, p90_seconds: 11_100 },
    next_response: { count: 20, p50_seconds: 1_800, p90_seconds: 7_200 },
    resolution: { count: 30, p50_seconds: 18_000, p90_seconds: 172_800 },
    sla: {
      first_response: { met: 27, total: 30 },
      next_response: { met: 10, total: 20 },
      resolution: { met: 0, total: 0 },
    },
    replies: { desk: 90, phone: 30 },
    unique_customers: 25,
    csat: { asked: 20, responses: 12, average: 4.25 },
    ...extra,
  };
}

/** Charts of a week: a few first responses, Monday 10:00 busiest, a backlog going down. */
export function reportCharts(days: string[]): ReportChartsResponse {
  const busiest = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  (busiest[0] as number[])[10] = 25;
  (busiest[2] as number[])[15] = 4;
  return {
    time_zone: 'Asia/Kolkata',
    first_response_buckets: [12, 9, 6, 5, 3, 1],
    busiest_hours: busiest,
    backlog: days.map((date, index) => ({ date, open: 12 - index })),
  };
}
