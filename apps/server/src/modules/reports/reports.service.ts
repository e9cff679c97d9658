import {
  FIRST_RESPONSE_BUCKETS,
  type MemberRole,
  type ReportChartsRequest,
  type ReportChartsResponse,
  type ReportRange,
  type ReportRow,
  type ReportSummaryRequest,
  type ReportSummaryResponse,
  reportMessages,
  roleAtLeast,
} from '@wadesk/contract';
import { AppError } from '../../errors';
import { csvLine } from '../../http/csv';
import type { ReportScope } from './report-rows';
import type { ReportsRepository, SummaryRow } from './reports.repository';

// Reports (docs/decisions/0029-reports.md): owners and admins see every row; a member sees the team's totals
// and their own row.

export interface Viewer {
  id: number;
  organisationId: number;
  role: MemberRole;
}

const durations = (count: number, p50: number | null, p90: number | null) => ({
  count,
  p50_seconds: count === 0 ? null : p50,
  p90_seconds: count === 0 ? null : p90,
});

export function toRow(row: SummaryRow): ReportRow {
  return {
    key: row.key,
    name: row.name,
    tickets_opened: row.tickets_opened,
    tickets_closed: row.tickets_closed,
    tickets_reopened: row.tickets_reopened,
    first_response: durations(row.fr_count, row.fr_p50, row.fr_p90),
    next_response: durations(row.nr_count, row.nr_p50, row.nr_p90),
    resolution: durations(row.rs_count, row.rs_p50, row.rs_p90),
    sla: {
      first_response: { met: row.fr_met, total: row.fr_total },
      next_response: { met: row.nr_met, total: row.nr_total },
      resolution: { met: row.rs_met, total: row.rs_total },
    },
    replies: { desk: row.desk_replies, phone: row.phone_replies },
    unique_customers: row.unique_customers,
    csat: { asked: row.csat_asked, responses: row.csat_responses, average: row.csat_average },
  };
}

/** The CSV's columns; each clock kind gives business seconds, wall seconds and whether it was met. */
export const TICKETS_REPORT_HEADER = [
  'ticket',
  'group',
  'customer',
  'customer_id',
  'labels',
  'status',
  'assignee',
  'first_responder',
  'opened_at',
  'closed_at',
  'first_response_business_seconds',
  'first_response_wall_seconds',
  'first_response_met',
  'next_responses',
  'next_response_business_seconds',
  'next_response_wall_seconds',
  'next_response_met',
  'resolutions',
  'resolution_business_seconds',
  'resolution_wall_seconds',
  'resolution_met',
  'satisfaction',
] as const;

interface CsvClock {
  kind: string;
  stopped: boolean;
  /** Stopped by an answer (or a resolution): a time to count; a close without one counts only for met. */
  answered: boolean;
  office: number;
  wall: number;
  met: boolean | null;
  targeted: boolean;
}

/**
 * A kind's clocks of one ticket as CSV cells: the seconds of its answered ones summed (one ticket waits for
 * several next responses; a reopened one is resolved more than once), and met when every targeted stopped one
 * was met (a close without an answer included, as in the summary's attainment).
 */
function clockCells(clocks: CsvClock[], kind: string) {
  const stopped = clocks.filter((c) => c.kind === kind && c.stopped);
  const answered = stopped.filter((c) => c.answered);
  const targeted = stopped.filter((c) => c.targeted);
  const sum = (pick: (c: CsvClock) => number) =>
    Math.round(answered.reduce((total, c) => total + pick(c), 0));
  return {
    count: answered.length,
    cells: [
      answered.length === 0 ? null : sum((c) => c.office),
      answered.length === 0 ? null : sum((c) => c.wall),
      targeted.length === 0 ? null : targeted.every((c) => c.met === true) ? 'yes' : 'no',
    ],
  };
}

const CSV_PAGE = 1_000;

export type ReportsService = ReturnType<typeof createReportsService>;

export function createReportsService({ repo }: { repo: ReportsRepository }) {
  async function scopeOf(
    organisationId: number,
    range: ReportRange,
  ): Promise<ReportScope & { timeZone: string }> {
    if (range.to <= range.from) throw new AppError(400, reportMessages.rangeInvalid);
    return { organisationId, from: range.from, to: range.to, timeZone: await repo.timeZone(organisationId) };
  }

  return {
    async summary(viewer: Viewer, request: ReportSummaryRequest): Promise<ReportSummaryResponse> {
      const groupBy = request.group_by ?? 'none';
      const admin = roleAtLeast(viewer.role, 'admin');
      if (!admin && groupBy !== 'none' && groupBy !== 'member')
        throw new AppError(403, reportMessages.membersOwnRows);
      const scope = await scopeOf(viewer.organisationId, request);
      const rows = await repo.summary(scope, groupBy, request.calendar ?? 'business');
      const visible =
        admin || groupBy === 'none' ? rows : rows.filter((row) => row.key === `member:${viewer.id}`);
      return { time_zone: scope.timeZone, rows: visible.map(toRow) };
    },

    async charts(viewer: Viewer, request: ReportChartsRequest): Promise<ReportChartsResponse> {
      const scope = await scopeOf(viewer.organisationId, request);
      const bounds = FIRST_RESPONSE_BUCKETS.flatMap((bucket) =>
        bucket.below === null ? [] : [bucket.below],
      );
      const { buckets, hours, backlog } = await repo.charts(scope, request.calendar ?? 'business', bounds);
      const firstResponse = FIRST_RESPONSE_BUCKETS.map(() => 0);
      // width_bucket: 0 below the first bound (< 5 min), i for [bound i-1, bound i), n at or past the last.
      for (const { bucket, n } of buckets) {
        const index = Math.max(0, Number(bucket));
        firstResponse[index] = (firstResponse[index] ?? 0) + Number(n);
      }
      const busiest = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
      for (const { weekday, hour, n } of hours) {
        const day = busiest[Number(weekday)];
        if (day) day[Number(hour)] = Number(n);
      }
      return {
        time_zone: scope.timeZone,
        first_response_buckets: firstResponse,
        busiest_hours: busiest,
        backlog: backlog.map((day) => ({ date: day.day, open: Number(day.open) })),
      };
    },

    /**
     * The tickets opened in the range, one CSV line each, oldest first, read in pages. The range is checked
     * before the first line, so a bad one is a 400 rather than a broken download.
     */
    async exportCsv(viewer: Viewer, range: ReportRange): Promise<AsyncIterable<string>> {
      const scope = await scopeOf(viewer.organisationId, range);
      return (async function* lines() {
        yield csvLine(TICKETS_REPORT_HEADER);
        let afterId = 0;
        for (;;) {
          const rows = await repo.ticketPage(scope, afterId, CSV_PAGE);
          let chunk = '';
          for (const row of rows) {
            const raw = row.clocks;
            const clocks = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as CsvClock[];
            const first = clockCells(clocks, 'first_response');
            const next = clockCells(clocks, 'next_response');
            const resolution = clockCells(clocks, 'resolution');
            const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
            chunk += csvLine([
              Number(row.id),
              String(row.group_name),
              String(row.customer),
              String(row.customer_id),
              (row.labels as string | null) ?? '',
              String(row.status),
              (row.assignee as string | null) ?? '',
              (row.first_responder as string | null) ?? '',
              iso(row.created_at),
              iso(row.closed_at),
              ...first.cells,
              next.count,
              ...next.cells,
              resolution.count,
              ...resolution.cells,
              row.satisfaction_score === null ? null : Number(row.satisfaction_score),
            ]);
          }
          if (chunk) yield chunk;
          const last = rows.at(-1);
          if (!last || rows.length < CSV_PAGE) return;
          afterId = Number(last.id);
        }
      })();
    },
  };
}
