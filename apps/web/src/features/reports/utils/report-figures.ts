import type { ReportAttainment, ReportRow } from '@wadesk/contract';
import { formatCount, formatDuration, formatShare } from '@/shared/format/format-duration';

// The figures of a report row: how each reads, and how it compares with the period before. Shared by the
// stat cards (the team's totals) and the table (one row per member, group, …).

/** count: tickets, replies; duration: seconds; share: 0..1 (SLA attainment); rating: a 1–5 average. */
export type FigureKind = 'count' | 'duration' | 'share' | 'rating';

export interface FigureDef {
  id: string;
  /** The card's label. */
  label: string;
  /** The table's column header (shorter). */
  header: string;
  kind: FigureKind;
  /** Which way is better: 'up' (more closed), 'down' (faster answers), null (neither: more tickets). */
  better: 'up' | 'down' | null;
  /** The number, or null when the row has none (no answers yet, no SLA targets, no ratings). */
  read(row: ReportRow): number | null;
  /** The card's line under the figure. */
  detail?(row: ReportRow): string | null;
}

const attained = ({ met, total }: ReportAttainment) => (total === 0 ? null : met / total);
const attainedDetail = ({ met, total }: ReportAttainment) =>
  total === 0 ? 'No SLA targets' : `${formatCount(met)} of ${formatCount(total)} in time`;
const ofOpened = (count: number, row: ReportRow) =>
  row.tickets_opened === 0 ? null : `${formatShare(count / row.tickets_opened)} of opened`;
/** "36 answered", or `none` when no ticket has the figure yet. */
const counted = (count: number, what: string, none: string) =>
  count === 0 ? none : `${formatCount(count)} ${what}`;
const replies = (row: ReportRow) => row.replies.desk + row.replies.phone;

export const FIGURES = {
  opened: {
    id: 'opened',
    label: 'Tickets opened',
    header: 'Opened',
    kind: 'count',
    better: null,
    read: (r) => r.tickets_opened,
  },
  closed: {
    id: 'closed',
    label: 'Tickets closed',
    header: 'Closed',
    kind: 'count',
    better: 'up',
    read: (r) => r.tickets_closed,
    detail: (r) => ofOpened(r.tickets_closed, r),
  },
  reopened: {
    id: 'reopened',
    label: 'Reopened',
    header: 'Reopened',
    kind: 'count',
    better: 'down',
    read: (r) => r.tickets_reopened,
    detail: (r) => ofOpened(r.tickets_reopened, r),
  },
  firstMedian: {
    id: 'first-median',
    label: 'First response, median',
    header: 'First response (median)',
    kind: 'duration',
    better: 'down',
    read: (r) => r.first_response.p50_seconds,
    detail: (r) => counted(r.first_response.count, 'answered', 'No first responses yet'),
  },
  firstP90: {
    id: 'first-p90',
    label: 'First response, 90th percentile',
    header: 'First response (p90)',
    kind: 'duration',
    better: 'down',
    read: (r) => r.first_response.p90_seconds,
    detail: (r) => (r.first_response.count === 0 ? null : '9 in 10 answered within this'),
  },
  nextMedian: {
    id: 'next-median',
    label: 'Next response, median',
    header: 'Next response (median)',
    kind: 'duration',
    better: 'down',
    read: (r) => r.next_response.p50_seconds,
    detail: (r) => counted(r.next_response.count, 'follow-up answers', 'No follow-up answers yet'),
  },
  resolutionMedian: {
    id: 'resolution-median',
    label: 'Resolution, median',
    header: 'Resolution (median)',
    kind: 'duration',
    better: 'down',
    read: (r) => r.resolution.p50_seconds,
    detail: (r) => counted(r.resolution.count, 'resolved', 'None resolved yet'),
  },
  resolutionP90: {
    id: 'resolution-p90',
    label: 'Resolution, 90th percentile',
    header: 'Resolution (p90)',
    kind: 'duration',
    better: 'down',
    read: (r) => r.resolution.p90_seconds,
    detail: (r) => (r.resolution.count === 0 ? null : '9 in 10 resolved within this'),
  },
  slaFirst: {
    id: 'sla-first',
    label: 'First response in time',
    header: 'SLA first response',
    kind: 'share',
    better: 'up',
    read: (r) => attained(r.sla.first_response),
    detail: (r) => attainedDetail(r.sla.first_response),
  },
  slaNext: {
    id: 'sla-next',
    label: 'Next response in time',
    header: 'SLA next response',
    kind: 'share',
    better: 'up',
    read: (r) => attained(r.sla.next_response),
    detail: (r) => attainedDetail(r.sla.next_response),
  },
  slaResolution: {
    id: 'sla-resolution',
    label: 'Resolution in time',
    header: 'SLA resolution',
    kind: 'share',
    better: 'up',
    read: (r) => attained(r.sla.resolution),
    detail: (r) => attainedDetail(r.sla.resolution),
  },
  deskReplies: {
    id: 'desk-replies',
    label: 'Replies from the desk',
    header: 'Desk replies',
    kind: 'count',
    better: null,
    read: (r) => r.replies.desk,
    detail: (r) => (replies(r) === 0 ? null : `${formatShare(r.replies.desk / replies(r))} of replies`),
  },
  phoneReplies: {
    id: 'phone-replies',
    label: 'Replies from agent phones',
    header: 'Phone replies',
    kind: 'count',
    better: null,
    read: (r) => r.replies.phone,
    detail: (r) => (replies(r) === 0 ? null : `${formatShare(r.replies.phone / replies(r))} of replies`),
  },
  customers: {
    id: 'customers',
    label: 'Unique customers',
    header: 'Customers',
    kind: 'count',
    better: null,
    read: (r) => r.unique_customers,
  },
  satisfaction: {
    id: 'satisfaction',
    label: 'Satisfaction',
    header: 'Satisfaction',
    kind: 'rating',
    better: 'up',
    read: (r) => (r.csat.responses === 0 ? null : r.csat.average),
    detail: (r) =>
      r.csat.asked === 0
        ? 'No ratings asked for'
        : `${formatCount(r.csat.responses)} of ${formatCount(r.csat.asked)} answered (${formatShare(r.csat.responses / r.csat.asked)})`,
  },
  // The table's second satisfaction column (a card says it under the average): how many polls were answered.
  satisfactionAnswered: {
    id: 'satisfaction-answered',
    label: 'Satisfaction polls answered',
    header: 'Polls answered',
    kind: 'share',
    better: 'up',
    read: (r) => (r.csat.asked === 0 ? null : r.csat.responses / r.csat.asked),
  },
} as const satisfies Record<string, FigureDef>;

/** The cards, in sections. */
export const FIGURE_SECTIONS: readonly { title: string; figures: readonly FigureDef[] }[] = [
  { title: 'Tickets', figures: [FIGURES.opened, FIGURES.closed, FIGURES.reopened, FIGURES.customers] },
  {
    title: 'Response times',
    figures: [
      FIGURES.firstMedian,
      FIGURES.firstP90,
      FIGURES.nextMedian,
      FIGURES.resolutionMedian,
      FIGURES.resolutionP90,
    ],
  },
  { title: 'SLA attainment', figures: [FIGURES.slaFirst, FIGURES.slaNext, FIGURES.slaResolution] },
  {
    title: 'Replies and satisfaction',
    figures: [FIGURES.deskReplies, FIGURES.phoneReplies, FIGURES.satisfaction],
  },
];

/** The table's columns after the name, in order. */
export const TABLE_FIGURES: readonly FigureDef[] = [
  FIGURES.opened,
  FIGURES.closed,
  FIGURES.reopened,
  FIGURES.firstMedian,
  FIGURES.firstP90,
  FIGURES.nextMedian,
  FIGURES.resolutionMedian,
  FIGURES.resolutionP90,
  FIGURES.slaFirst,
  FIGURES.slaNext,
  FIGURES.slaResolution,
  FIGURES.deskReplies,
  FIGURES.phoneReplies,
  FIGURES.customers,
  FIGURES.satisfaction,
  FIGURES.satisfactionAnswered,
];

/** A figure for people: "1,234", "3 h 5 min", "92%", "4.3 / 5"; "—" when there is none. */
export function formatFigure(kind: FigureKind, value: number | null): string {
  if (value === null) return '—';
  switch (kind) {
    case 'count':
      return formatCount(value);
    case 'duration':
      return formatDuration(value);
    case 'share':
      return formatShare(value);
    case 'rating':
      return `${value.toFixed(1)} / 5`;
  }
}

/** How a figure moved since the period before, in words and in a tone (never told by colour alone). */
export interface FigureChange {
  direction: 'up' | 'down' | 'same';
  /** "12%", "3 min", "4 pts", "0.2"; empty when the same. */
  amount: string;
  tone: 'good' | 'bad' | 'neutral';
  /** The whole change as a sentence, for screen readers: "Up 12% on the period before, better." */
  spoken: string;
}

function changeAmount(kind: FigureKind, diff: number, before: number): string {
  const size = Math.abs(diff);
  switch (kind) {
    case 'count':
      // From none, a percentage says nothing: the number itself.
      return before === 0 ? formatCount(size) : formatShare(size / before);
    case 'duration':
      return formatDuration(size);
    case 'share': {
      const points = Math.round(size * 100);
      return `${points} ${points === 1 ? 'pt' : 'pts'}`;
    }
    case 'rating':
      return size.toFixed(1);
  }
}

/** Changes smaller than these read as no change (what the figures show would not move). */
function unchanged(kind: FigureKind, diff: number): boolean {
  const size = Math.abs(diff);
  if (kind === 'duration') return size < 1;
  if (kind === 'share') return Math.round(size * 100) === 0;
  if (kind === 'rating') return size < 0.05;
  return size === 0;
}

/** The change of a figure from `before` to `now`; null when either period has no figure to compare. */
export function figureChange(def: FigureDef, now: ReportRow, before: ReportRow | null): FigureChange | null {
  const [value, previous] = [def.read(now), before ? def.read(before) : null];
  if (value === null || previous === null) return null;
  const diff = value - previous;
  if (unchanged(def.kind, diff))
    return { direction: 'same', amount: '', tone: 'neutral', spoken: 'No change on the period before.' };
  const direction = diff > 0 ? 'up' : 'down';
  const tone = def.better === null ? 'neutral' : direction === def.better ? 'good' : 'bad';
  const amount = changeAmount(def.kind, diff, previous);
  const verdict = tone === 'neutral' ? '' : `, ${tone === 'good' ? 'better' : 'worse'}`;
  return {
    direction,
    amount,
    tone,
    spoken: `${direction === 'up' ? 'Up' : 'Down'} ${amount} on the period before${verdict}.`,
  };
}
