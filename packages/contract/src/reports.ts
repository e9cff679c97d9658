import { z } from 'zod';

// Reports (docs/decisions/0029-reports.md): how fast the desk answers, who answers, in which groups, and
// whether customers are happy, over the tickets opened in a range of local dates in the organisation's zone.

export const REPORT_MAX_DAYS = 366;

export const reportMessages = {
  dateInvalid: 'Dates must be ISO dates such as 2026-05-01.',
  rangeInvalid: 'The end of the date range must be after its start.',
  rangeTooLong: `A report covers at most ${REPORT_MAX_DAYS} days. Choose a shorter range.`,
  groupByInvalid: 'Group the report by member, agent, group, label, customer or none.',
  calendarInvalid: 'Count times in business or wall time.',
  rowInvalid: 'That report row is not known. Open the report again and choose a figure.',
  membersOwnRows: 'Members see the team’s totals and their own figures: group by member or by nobody.',
} as const;

const localDate = z.iso.date({ error: reportMessages.dateInvalid });

export const reportGroupBy = z.enum(['member', 'agent', 'group', 'label', 'customer', 'none'], {
  error: reportMessages.groupByInvalid,
});
export type ReportGroupBy = z.infer<typeof reportGroupBy>;
export const REPORT_GROUP_BY_LABELS: Record<ReportGroupBy, string> = {
  member: 'Member',
  agent: 'Agent phone',
  group: 'Group',
  label: 'Label',
  customer: 'Customer',
  none: 'Everyone',
};

export const reportCalendar = z.enum(['business', 'wall'], { error: reportMessages.calendarInvalid });
export type ReportCalendar = z.infer<typeof reportCalendar>;

/** A date range of the organisation's zone: `from` inclusive, `to` exclusive (a local date each). */
export const reportRange = z
  .object({ from: localDate, to: localDate })
  .refine((range) => range.to > range.from, { error: reportMessages.rangeInvalid, path: ['to'] })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= REPORT_MAX_DAYS * 86_400_000, {
    error: reportMessages.rangeTooLong,
    path: ['to'],
  });
export type ReportRange = z.infer<typeof reportRange>;

/**
 * POST /org/getReportSummary/ → 200 reportSummaryResponse: the tickets opened in the range, one row per
 * member, agent phone, group, label or customer (or one row, `all`).
 */
export const reportSummaryRequest = z.intersection(
  reportRange,
  z.object({ group_by: reportGroupBy.default('none'), calendar: reportCalendar.default('business') }),
);
export type ReportSummaryRequest = z.input<typeof reportSummaryRequest>;

/** One clock's times: nearest-rank percentiles (the smallest value with at least p of them at or below it). */
export const reportDurations = z.object({
  count: z.number(),
  /** Whole seconds; null when count is 0. */
  p50_seconds: z.number().nullable(),
  p90_seconds: z.number().nullable(),
});
export type ReportDurations = z.infer<typeof reportDurations>;

/** Clocks of an SLA policy with a target for them that have stopped: how many stopped in time. */
export const reportAttainment = z.object({ met: z.number(), total: z.number() });
export type ReportAttainment = z.infer<typeof reportAttainment>;

export const reportRow = z.object({
  /** `member:12`, `agent:7`, `group:<session>:<group id>`, `label:3`, `customer:<number or WhatsApp id>`, `all`. */
  key: z.string(),
  name: z.string(),
  tickets_opened: z.number(),
  /** Of those, closed now. */
  tickets_closed: z.number(),
  /** Of those, reopened at least once. */
  tickets_reopened: z.number(),
  first_response: reportDurations,
  next_response: reportDurations,
  resolution: reportDurations,
  sla: z.object({
    first_response: reportAttainment,
    next_response: reportAttainment,
    resolution: reportAttainment,
  }),
  /** Staff replies in those tickets: sent from the desk, and typed on agent phones. */
  replies: z.object({ desk: z.number(), phone: z.number() }),
  unique_customers: z.number(),
  csat: z.object({
    /** Satisfaction polls sent for those tickets, and the customers' answers (1–5). */
    asked: z.number(),
    responses: z.number(),
    /** Mean of the answers, two decimals; null with none. */
    average: z.number().nullable(),
  }),
});
export type ReportRow = z.infer<typeof reportRow>;

export const reportSummaryResponse = z.object({
  /** The organisation's zone, in which `from` and `to` were read. */
  time_zone: z.string(),
  rows: z.array(reportRow),
});
export type ReportSummaryResponse = z.infer<typeof reportSummaryResponse>;

/** Buckets of the first-response distribution, upper bounds in seconds (the last has none). */
export const FIRST_RESPONSE_BUCKETS = [
  { label: '< 5 min', below: 5 * 60 },
  { label: '5–15 min', below: 15 * 60 },
  { label: '15–60 min', below: 60 * 60 },
  { label: '1–4 h', below: 4 * 3600 },
  { label: '4–24 h', below: 24 * 3600 },
  { label: '> 24 h', below: null },
] as const;

/**
 * POST /org/getReportCharts/ → 200 reportChartsResponse: the range's first-response distribution, its busiest
 * hours (customer messages by weekday × hour, local) and its backlog (tickets open at the end of each day).
 */
export const reportChartsRequest = z.intersection(
  reportRange,
  z.object({ calendar: reportCalendar.default('business') }),
);
export type ReportChartsRequest = z.input<typeof reportChartsRequest>;
export const reportChartsResponse = z.object({
  time_zone: z.string(),
  /** One count per FIRST_RESPONSE_BUCKETS entry, in its order. */
  first_response_buckets: z.array(z.number()),
  /** [weekday 0 = Monday … 6][hour 0–23]: customer messages. */
  busiest_hours: z.array(z.array(z.number())),
  /** One entry per day of the range: tickets open (not closed) at the end of that day. */
  backlog: z.array(z.object({ date: z.string(), open: z.number() })),
});
export type ReportChartsResponse = z.infer<typeof reportChartsResponse>;

/** GET /org/ticketsReport.csv?from=…&to=… : one row per ticket opened in the range, streamed. */
export const ticketsReportQuery = reportRange;

/** A report row's key: `all`, `member:12`, `agent:7`, `group:<session>:<group id>`, `label:3`, `customer:<id>`. */
export const reportRowKey = z
  .string({ error: reportMessages.rowInvalid })
  .max(300, { error: reportMessages.rowInvalid })
  .regex(/^(all|(member|agent|label):\d{1,10}|group:[0-9a-f-]{36}:\S+|customer:.+)$/, {
    error: reportMessages.rowInvalid,
  });

/**
 * The inbox's drill-down from a report figure: the tickets behind one row of a report, i.e. opened in the range
 * and belonging to the row (a member's or agent phone's: handled by them, or with an answer credited to them).
 */
export const reportDrillDown = z.intersection(reportRange, z.object({ key: reportRowKey }));
export type ReportDrillDown = z.infer<typeof reportDrillDown>;
