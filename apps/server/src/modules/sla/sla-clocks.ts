import {
  addBusinessSeconds,
  type BusinessCalendar,
  businessSecondsBetween,
  type Interval,
  WEEKDAYS,
} from '@wadesk/business-time';

// The SLA clocks of one ticket, computed from its own history (docs/decisions/0027-business-time.md): a
// pure function, so a change of policy (its labels changed) or of calendar recomputes every due time from
// what happened, and nothing is ever reset or lost.

/** What happened to a ticket, at WhatsApp's message times (epoch ms), in order. */
export type TicketMoment =
  /** A customer message that counts (not an acknowledgement, reaction or poll vote: those never enter). */
  | { at: number; kind: 'customer' }
  /** A human staff reply: from the desk (WhatsApp took it) or typed on an agent's phone; `by` is credited. */
  | { at: number; kind: 'staff'; by?: StaffCredit }
  /** An automatic message (the out-of-hours reply, a survey): it stops no clock. */
  | { at: number; kind: 'automatic' }
  | { at: number; kind: 'pending' }
  /** Back from Pending (a customer message or by hand). */
  | { at: number; kind: 'resumed' }
  | { at: number; kind: 'closed' }
  /** Reopened by a customer message within the reopen window: a new resolution cycle. */
  | { at: number; kind: 'reopened' };

/** Who answered: the member (the desk's sender, or the member whose agent phone it was) and the name shown. */
export interface StaffCredit {
  userId: number | null;
  name: string;
  /** The agent phone it was typed on; null for a desk reply (Reports by agent phone). */
  agentId?: number | null;
}

export interface ClockPolicy {
  firstResponseMinutes: number | null;
  nextResponseMinutes: number | null;
  resolutionMinutes: number | null;
  calendar: 'business' | 'wall';
  pauseWhilePending: boolean;
}

export type ClockKind = 'first_response' | 'next_response' | 'resolution';

export interface SlaClock {
  kind: ClockKind;
  /** 0 for the first resolution cycle and the first next-response clock, counting up. */
  cycle: number;
  startedAt: number;
  /** null when the calendar holds too little business time to reach the target (e.g. an empty week). */
  dueAt: number | null;
  /** When "due soon" is told: `leadSeconds` of the policy's time before the due time (the start at the latest). */
  warnAt: number | null;
  /** null while it runs. */
  stoppedAt: number | null;
  /** The response clocks: who answered (a close stops them too, crediting nobody). */
  stoppedBy: StaffCredit | null;
  /** Up to the stop, or up to `now` while running; pauses taken out. */
  businessSeconds: number;
  /** Real seconds from start to stop (or `now`). */
  wallSeconds: number;
  /** Seconds within the organisation's business hours (pauses taken out), whatever the policy's calendar. */
  officeSeconds: number;
  /** False for a clock the policy sets no target for, measured for Reports only (`measureAll`). */
  targeted: boolean;
  /** Stopped by its due time; null while running. */
  met: boolean | null;
  /** A running resolution clock while the ticket is Pending under a policy that pauses: its due time moves on. */
  paused: boolean;
}

/** Every minute counts: the calendar of a policy on wall time. */
const ALWAYS: BusinessCalendar = {
  timeZone: 'UTC',
  week: Object.fromEntries(WEEKDAYS.map((day) => [day, [{ from: '00:00', to: '24:00' }]])),
};

/**
 * The ticket's clocks under `policy`, counted on `calendar` (business time) or on every minute (wall):
 * - first response: from the first customer message to the first staff reply after it;
 * - next response: each time a customer writes after a staff reply, until the next staff reply;
 * - resolution: from opening (or a reopening) to closing, per cycle; paused while Pending when the policy
 *   says so.
 * A target the policy leaves empty has no clock. Automatic messages stop nothing.
 */
export function slaClocks(
  moments: readonly TicketMoment[],
  policy: ClockPolicy,
  calendar: BusinessCalendar,
  now: number,
  /** How long before the due time "due soon" is told, in the policy's time (business or wall seconds). */
  leadSeconds = 0,
  /** Also the clocks the policy sets no target for (no due time, never met or missed): Reports measure them. */
  measureAll = false,
): SlaClock[] {
  const counting = policy.calendar === 'business' ? calendar : ALWAYS;
  const pauses = policy.pauseWhilePending ? pendingIntervals(moments, now) : [];
  const pendingNow = pauses.at(-1)?.open === true;
  const clocks: SlaClock[] = [];
  const clock = (
    kind: ClockKind,
    cycle: number,
    minutes: number | null,
    start: number,
    stop: number | null,
    by: StaffCredit | null = null,
  ) => {
    if (minutes === null && !measureAll) return;
    const paused = kind === 'resolution' ? pauses : [];
    const dueAt = minutes === null ? null : reachAfter(counting, start, minutes * 60, paused);
    // A lead as long as the target warns at the first counted second, not at the start: a ticket opened
    // on a Saturday is not "due soon" all weekend.
    const warnAt =
      minutes === null || dueAt === null
        ? null
        : reachAfter(counting, start, Math.max(1, minutes * 60 - leadSeconds), paused);
    const end = stop ?? Math.max(start, now);
    const businessSeconds = businessSecondsBetween(counting, start, end, paused);
    clocks.push({
      kind,
      cycle,
      startedAt: start,
      dueAt,
      warnAt,
      paused: kind === 'resolution' && stop === null && pendingNow,
      stoppedAt: stop,
      stoppedBy: stop === null ? null : by,
      businessSeconds,
      wallSeconds: (end - start) / 1000,
      officeSeconds:
        counting === calendar ? businessSeconds : businessSecondsBetween(calendar, start, end, paused),
      targeted: minutes !== null,
      met: stop === null || minutes === null ? null : dueAt === null || stop <= dueAt,
    });
  };

  const opening = moments.findIndex((moment) => moment.kind === 'customer');
  const first = moments[opening];
  if (!first) return [];
  // What staff wrote before the customer's first message (a first contact) answers nothing.
  // Closing stops what still waits for an answer (nobody will answer a closed ticket); it is met only if
  // closed in time.
  const after = moments.slice(opening);
  const firstReply = after.find((moment) => moment.kind === 'staff' || moment.kind === 'closed');
  clock(
    'first_response',
    0,
    policy.firstResponseMinutes,
    first.at,
    firstReply?.at ?? null,
    firstReply?.kind === 'staff' ? (firstReply.by ?? null) : null,
  );

  // Next responses: a customer message after a staff reply (or a reopening) starts one; the next staff
  // reply stops it.
  let answered = false;
  let waitingSince: number | null = null;
  let nextCycle = 0;
  for (const moment of after) {
    if (moment.kind === 'staff' || moment.kind === 'closed') {
      if (waitingSince !== null)
        clock(
          'next_response',
          nextCycle++,
          policy.nextResponseMinutes,
          waitingSince,
          moment.at,
          moment.kind === 'staff' ? (moment.by ?? null) : null,
        );
      waitingSince = null;
      answered = true;
    } else if (moment.kind === 'customer' && answered && waitingSince === null) waitingSince = moment.at;
  }
  if (waitingSince !== null)
    clock('next_response', nextCycle, policy.nextResponseMinutes, waitingSince, null);

  // Resolution cycles: opening to closing, a reopening starts the next.
  let cycle = 0;
  let openedAt: number | null = first.at;
  for (const moment of moments) {
    if (moment.kind === 'closed' && openedAt !== null) {
      clock('resolution', cycle++, policy.resolutionMinutes, openedAt, moment.at);
      openedAt = null;
    } else if (moment.kind === 'reopened' && openedAt === null) openedAt = moment.at;
  }
  if (openedAt !== null) clock('resolution', cycle, policy.resolutionMinutes, openedAt, null);
  return clocks;
}

/**
 * `addBusinessSeconds`, or null when the calendar never gets there (it has no business time): a clock's due
 * time, and the next instant of business time.
 */
export function reachAfter(
  calendar: BusinessCalendar,
  start: number,
  seconds: number,
  pauses: Interval[] = [],
): number | null {
  try {
    return addBusinessSeconds(calendar, start, seconds, pauses);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** The spans the ticket was Pending, the last one up to `now` (and `open`) when it still is. */
function pendingIntervals(moments: readonly TicketMoment[], now: number): (Interval & { open?: boolean })[] {
  const intervals: (Interval & { open?: boolean })[] = [];
  let since: number | null = null;
  for (const moment of moments) {
    if (moment.kind === 'pending' && since === null) since = moment.at;
    else if ((moment.kind === 'resumed' || moment.kind === 'closed') && since !== null) {
      intervals.push({ from: since, to: moment.at });
      since = null;
    }
  }
  if (since !== null) intervals.push({ from: since, to: Math.max(since, now), open: true });
  return intervals;
}
