// The rules only: Temporal stays out of the contract, which every page of the web app loads.
import { type BusinessCalendar, calendarProblem, WEEKDAYS } from '@wadesk/business-time/rules';
import { z } from 'zod';

export { WEEKDAYS, type Weekday } from '@wadesk/business-time/rules';

// Business hours and SLA policies of an organisation (docs/decisions/0027-business-time.md): the calendar
// SLA clocks count on, and the targets a ticket is measured against.

export const MAX_SLA_POLICIES = 20;
export const MAX_HOLIDAYS = 400;
export const MAX_WINDOWS_PER_DAY = 6;
/** A year, in minutes: the longest target. */
export const MAX_SLA_MINUTES = 525_600;

export const slaMessages = {
  timeZoneInvalid: 'Choose a time zone from the list (an IANA name such as “Europe/Berlin”).',
  windowInvalid: "Business hours are 'HH:MM' to 'HH:MM' (up to 24:00), each ending after it starts.",
  holidayInvalid: "Holidays are dates written 'YYYY-MM-DD'.",
  holidayRegionInvalid:
    'That public-holiday region is not known. Use a country or state code such as DE or DE-BY.',
  policyNameInvalid: 'Each SLA policy needs a name of 1 to 60 characters.',
  targetInvalid: `SLA targets are whole minutes from 1 to ${MAX_SLA_MINUTES}.`,
  oneDefaultPolicy: 'Only one SLA policy may apply to tickets without labels: give the others labels.',
  tooManyPolicies: `At most ${MAX_SLA_POLICIES} SLA policies.`,
  labelNotFound: 'An SLA policy names a label this organisation does not have.',
  policyNotFound: 'An SLA policy to change was not found. Reload the settings and try again.',
  simClockInvalid: `Advance the clock by 1 to ${MAX_SLA_MINUTES} whole minutes.`,
} as const;

// Formats are checked once, by business-time's rules (calendarProblem, below); here only their length.
const clock = z.string().max(5, { error: slaMessages.windowInvalid });
const businessWindow = z.object({ from: clock, to: clock });

/** The calendar as an admin enters it; `holiday_region` adds that region's public holidays year by year. */
export const businessHours = z
  .object({
    time_zone: z.string({ error: slaMessages.timeZoneInvalid }).min(1).max(64),
    week: z.partialRecord(
      z.enum(WEEKDAYS),
      z.array(businessWindow).max(MAX_WINDOWS_PER_DAY, { error: slaMessages.windowInvalid }),
    ),
    holidays: z
      .array(z.string().max(10, { error: slaMessages.holidayInvalid }))
      .max(MAX_HOLIDAYS, { error: slaMessages.holidayInvalid }),
    holiday_region: z
      .string()
      .regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, { error: slaMessages.holidayRegionInvalid })
      .nullable(),
  })
  .superRefine((hours, context) => {
    const problem = calendarProblem(toCalendar(hours));
    if (!problem) return;
    const message = problem.startsWith('Unknown time zone')
      ? slaMessages.timeZoneInvalid
      : problem.startsWith('Holidays')
        ? slaMessages.holidayInvalid
        : slaMessages.windowInvalid;
    context.addIssue({ code: 'custom', message });
  });
export type BusinessHours = z.infer<typeof businessHours>;

/** The calendar's shape for `@wadesk/business-time` (the region's holidays are added by the server). */
export function toCalendar(hours: BusinessHours, extraHolidays: readonly string[] = []): BusinessCalendar {
  return { timeZone: hours.time_zone, week: hours.week, holidays: [...hours.holidays, ...extraHolidays] };
}

/** Until an admin sets them: Monday to Friday, 09:00–17:00, UTC, no holidays. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  time_zone: 'UTC',
  week: Object.fromEntries(
    (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => [day, [{ from: '09:00', to: '17:00' }]]),
  ),
  holidays: [],
  holiday_region: null,
};

const target = z
  .number({ error: slaMessages.targetInvalid })
  .int({ error: slaMessages.targetInvalid })
  .min(1, { error: slaMessages.targetInvalid })
  .max(MAX_SLA_MINUTES, { error: slaMessages.targetInvalid })
  .nullable();

const rowId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

export const slaPolicy = z.object({
  id: rowId,
  name: z
    .string({ error: slaMessages.policyNameInvalid })
    .trim()
    .min(1, { error: slaMessages.policyNameInvalid })
    .max(60, {
      error: slaMessages.policyNameInvalid,
    }),
  /** Tickets with any of these labels; none: the default policy, for tickets no other policy takes. */
  label_ids: z.array(rowId).max(50),
  first_response_minutes: target,
  next_response_minutes: target,
  resolution_minutes: target,
  /** `business`: targets count business time only; `wall`: every minute counts. */
  calendar: z.enum(['business', 'wall']),
  /** Resolution does not run while the ticket waits on its customer (Pending). */
  pause_while_pending: z.boolean(),
});
export type SlaPolicy = z.infer<typeof slaPolicy>;

/** As sent to /org/updateSettings/: new policies have no id; a target left out has none. */
export const slaPolicyInput = slaPolicy.extend({
  id: slaPolicy.shape.id.optional(),
  first_response_minutes: target.optional(),
  next_response_minutes: target.optional(),
  resolution_minutes: target.optional(),
});
export type SlaPolicyInput = z.input<typeof slaPolicyInput>;

/** The list in order (a ticket takes the first policy naming any of its labels), at most one default. */
export const slaPolicies = z
  .array(slaPolicyInput)
  .max(MAX_SLA_POLICIES, { error: slaMessages.tooManyPolicies })
  .refine((list) => list.filter((policy) => policy.label_ids.length === 0).length <= 1, {
    error: slaMessages.oneDefaultPolicy,
  });

// The clocks (docs/decisions/0028-sla-clocks.md): one row per clock of a ticket, computed by the server
// from the ticket's history; the lists show the running ones, the conversation all of them.

export const slaClockKind = z.enum(['first_response', 'next_response', 'resolution']);
export type SlaClockKind = z.infer<typeof slaClockKind>;
export const SLA_CLOCK_LABELS: Record<SlaClockKind, string> = {
  first_response: 'First response',
  next_response: 'Next response',
  resolution: 'Resolution',
};

/** Business minutes before a clock falls due at which "due soon" is told, unless an admin sets another. */
export const DEFAULT_SLA_WARNING_MINUTES = 15;
/** The longest warning lead: a day of minutes. */
export const MAX_SLA_WARNING_MINUTES = 1440;
/** The out-of-hours reply's text until an admin writes one; `{back}` becomes when the team is back. */
export const DEFAULT_OUT_OF_HOURS_MESSAGE =
  'Thanks for your message. Our team is away right now and back {back}. We will answer you then.';
export const MAX_OUT_OF_HOURS_MESSAGE = 1000;

export const slaClock = z.object({
  ticket_id: z.number(),
  kind: slaClockKind,
  /** 0 for a ticket's first clock of this kind, counting up (each next response, each reopened cycle). */
  cycle: z.number(),
  policy_name: z.string(),
  /** ISO 8601: when it started (a WhatsApp message's time, or a status change). */
  started_at: z.string(),
  /** ISO 8601: when it falls due; null when the calendar holds no business time to get there. */
  due_at: z.string().nullable(),
  /** ISO 8601: when "due soon" is told (the warning lead before due_at, in the policy's time). */
  warn_at: z.string().nullable(),
  /** ISO 8601: when it stopped; null while it runs. */
  stopped_at: z.string().nullable(),
  /**
   * A response clock stopped by an answer: who is credited — the member (from the desk, or whose agent phone
   * it was; null for an agent with no member) and the name shown. Null while running, or stopped by closing.
   */
  stopped_by: z.object({ user_id: z.number().nullable(), name: z.string() }).nullable(),
  /** Resolution while the ticket is Pending and the policy pauses it: not running, due_at moves on. */
  paused: z.boolean(),
  /** Stopped by its due time; null while it runs. */
  met: z.boolean().nullable(),
  /** Business (or wall, for a policy on wall time) seconds counted up to the stop, pauses taken out. */
  business_seconds: z.number(),
  wall_seconds: z.number(),
});
export type SlaClock = z.infer<typeof slaClock>;

/**
 * POST /org/getSlaClocks/ → 200 slaClocksResponse: the clocks of these tickets (another organisation's
 * tickets have none). `now` is the server's clock — the simulated one in demo mode — which "due in" counts from.
 */
export const slaClocksRequest = z.object({
  ticket_ids: z
    .array(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
      { error: 'Send the ticket ids as a list.' },
    )
    .min(1, { error: 'Send the ticket ids as a list.' })
    .max(2000, { error: 'At most 2000 tickets at once.' }),
});
export type SlaClocksRequest = z.infer<typeof slaClocksRequest>;
export const slaClocksResponse = z.object({ now: z.string(), clocks: z.array(slaClock) });
export type SlaClocksResponse = z.infer<typeof slaClocksResponse>;

/** The lists' SLA filter: a running clock within its warning lead, or past its due time. */
export const slaFilter = z.enum(['due_soon', 'breached'], {
  error: 'Choose an SLA filter: due_soon or breached.',
});
export type SlaFilter = z.infer<typeof slaFilter>;
export const SLA_FILTER_LABELS: Record<SlaFilter, string> = {
  due_soon: 'Breaching soon',
  breached: 'Breached',
};

/**
 * POST /sim/clock (owner; only with the simulator driver, 404 otherwise): moves demo mode's clock forward
 * by `advance_minutes`, or back to real time with `reset`; an empty body only reads it. The SLA clocks, their
 * warnings and the simulated phones' message times follow it, on every instance.
 */
export const simClockRequest = z.object({
  advance_minutes: z
    .number({ error: slaMessages.simClockInvalid })
    .int({ error: slaMessages.simClockInvalid })
    .min(1, { error: slaMessages.simClockInvalid })
    .max(MAX_SLA_MINUTES, { error: slaMessages.simClockInvalid })
    .optional(),
  reset: z.boolean().optional(),
});
export type SimClockRequest = z.infer<typeof simClockRequest>;
export const simClockResponse = z.object({
  /** ISO 8601: the simulated now. */
  now: z.string(),
  /** How far ahead of real time it runs. */
  offset_minutes: z.number(),
});
export type SimClockResponse = z.infer<typeof simClockResponse>;
