import { type BusinessCalendar, businessSecondsBetween } from '@wadesk/business-time';
import { organisationCalendar } from './organisation-calendar';
import { type ClockPolicy, reachAfter, slaClocks } from './sla-clocks';
import type { OrganisationSla, StoredClock, TicketHistory } from './sla-clocks.repository';

// What the clock worker stores for a batch of tickets (decision 0028): pure, so it is tested without a
// database.

/** A customer message older than this when its ticket is computed gets no out-of-hours reply (history synced late). */
export const OUT_OF_HOURS_FRESH_MS = 10 * 60_000;

export interface OutOfHoursDue {
  organisationId: number;
  ticketId: number;
  /** When business time starts again (epoch ms); null when the calendar has none ahead. */
  back: number | null;
  message: string | null;
  timeZone: string;
}

/** A ticket no policy applies to: its clocks are measured, none has a due time. */
const NO_TARGETS: ClockPolicy = {
  firstResponseMinutes: null,
  nextResponseMinutes: null,
  resolutionMinutes: null,
  calendar: 'business',
  pauseWhilePending: false,
};

/** The policy a ticket takes: the first in list order naming any of its labels, else the one without labels. */
export function policyFor(organisation: OrganisationSla, labelIds: readonly number[]) {
  const held = new Set(labelIds);
  return (
    organisation.policies.find((p) => p.labelIds.some((id) => held.has(id))) ??
    organisation.policies.find((p) => p.labelIds.length === 0) ??
    null
  );
}

/** Whether the instant lies in business time. */
export function inBusinessTime(calendar: BusinessCalendar, at: number): boolean {
  return businessSecondsBetween(calendar, at, at + 1000) > 0;
}

/** The first instant at or after `at` that is business time; null when the calendar has none ahead. */
export function nextBusinessInstant(calendar: BusinessCalendar, at: number): number | null {
  const after = reachAfter(calendar, at, 1);
  return after === null ? null : after - 1000;
}

export function computeClocks(
  tickets: readonly TicketHistory[],
  organisations: ReadonlyMap<number, OrganisationSla>,
  now: number,
): { clocks: Map<number, StoredClock[]>; outOfHours: OutOfHoursDue[] } {
  const clocks = new Map<number, StoredClock[]>();
  const outOfHours: OutOfHoursDue[] = [];
  for (const ticket of tickets) {
    const organisation = organisations.get(ticket.organisationId);
    if (!organisation) continue;
    const calendar = organisationCalendar(organisation.businessHours, now);
    const policy = policyFor(organisation, ticket.labelIds);
    // Every clock is measured, targeted or not: Reports count response times with or without a policy.
    clocks.set(
      ticket.ticketId,
      slaClocks(
        ticket.moments,
        policy ?? NO_TARGETS,
        calendar,
        now,
        organisation.warningMinutes * 60,
        true,
      ).map((clock) => ({
        ...clock,
        organisationId: organisation.id,
        policyId: policy?.id ?? null,
        policyName: policy?.name ?? '',
      })),
    );
    const last = ticket.lastCustomerAt;
    if (
      organisation.outOfHoursReply &&
      !ticket.outOfHoursSent &&
      ticket.status !== 'close' &&
      last !== null &&
      now - last < OUT_OF_HOURS_FRESH_MS &&
      !inBusinessTime(calendar, last)
    )
      outOfHours.push({
        organisationId: organisation.id,
        ticketId: ticket.ticketId,
        back: nextBusinessInstant(calendar, last),
        message: organisation.outOfHoursMessage,
        timeZone: calendar.timeZone,
      });
  }
  return { clocks, outOfHours };
}
