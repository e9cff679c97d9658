import { z } from 'zod';
import { authMessages, organisationName } from './auth';
import {
  businessHours,
  MAX_OUT_OF_HOURS_MESSAGE,
  MAX_SLA_WARNING_MINUTES,
  slaPolicies,
  slaPolicy,
} from './sla';

// Organisation settings (notifications: docs/decisions/0019; acknowledgement messages: 0017). Any member reads them;
// admins and owners change them.

/** Messages that only thank or acknowledge: they join an active ticket but never open or reopen one. */
export const DEFAULT_ACK_PHRASES = [
  'ok',
  'okay',
  'k',
  'thanks',
  'thank you',
  'thanks!',
  'thx',
  'ty',
  'noted',
  'great',
  'cool',
  'got it',
  '👍',
  '🙏',
  '👌',
] as const;

/**
 * A phrase as the server stores it and compares a message's whole text with it: trimmed, lower-cased, inner
 * spaces collapsed, without the punctuation people end a word with ("Thanks!!" is "thanks"). A phrase that
 * is only punctuation stays as it is.
 */
export function normaliseAckPhrase(text: string): string {
  const plain = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const stripped = plain.replace(/[\s.!?,;:…~]+$/u, '');
  return stripped.length > 0 ? stripped : plain;
}

export const MAX_ACK_PHRASES = 100;
export const MAX_ACK_PHRASE_LENGTH = 40;
/** The longest reopen window (days): a customer message after a close reopens the ticket within it. */
export const MAX_REOPEN_DAYS = 90;
export const DEFAULT_REOPEN_DAYS = 7;

export const settingsMessages = {
  slaWarningInvalid: `The due-soon warning is 1 to ${MAX_SLA_WARNING_MINUTES} business minutes before the due time.`,
  outOfHoursInvalid: 'The out-of-hours reply is either on or off.',
  satisfactionPollInvalid: 'The satisfaction poll is either on or off.',
  outOfHoursMessageInvalid: `The out-of-hours message must be 1 to ${MAX_OUT_OF_HOURS_MESSAGE} characters.`,
  ackPhrasesInvalid: `Each acknowledgement phrase must be 1 to ${MAX_ACK_PHRASE_LENGTH} characters, at most ${MAX_ACK_PHRASES} phrases.`,
  unansweredMinutesInvalid: 'The unanswered alert must be between 1 and 10080 minutes.',
  reopenDaysInvalid: `The reopen window must be between 0 and ${MAX_REOPEN_DAYS} days.`,
  autoPendingInvalid: 'Pending after a reply must be on or off.',
  settingsUpdated: 'Settings saved.',
} as const;

/** POST /org/getSettings/ (empty body) → 200 settingsResponse. */
export const settingsResponse = z.object({
  /** Lower-cased, trimmed; compared with a message's whole text the same way. */
  ack_phrases: z.array(z.string()),
  /** A ticket with no business reply this many minutes after it opened notifies the team. */
  unanswered_minutes: z.number().int(),
  /** A staff reply sets its ticket to pending (waiting on the customer) (docs/decisions/0020). */
  auto_pending: z.boolean(),
  /**
   * A customer message at most this many days after their ticket was closed reopens it; a later one opens
   * a follow-up ticket. 0: never reopened.
   */
  reopen_days: z.number().int(),
  /** The calendar SLA clocks count business time on (DEFAULT_BUSINESS_HOURS until an admin sets it). */
  business_hours: businessHours,
  /** In order: a ticket takes the first that names any of its labels, else the one without labels. */
  sla_policies: z.array(slaPolicy),
  /** Business minutes before a clock falls due at which its "due soon" warning is sent. */
  sla_warning_minutes: z.number().int(),
  /** Send the out-of-hours reply (off by default): once per ticket, when a customer writes outside business hours. */
  out_of_hours_reply: z.boolean(),
  /** Its text; `{back}` becomes when the team is back, e.g. "Monday 30 November at 09:00 (Europe/Berlin)". */
  out_of_hours_message: z.string(),
  /**
   * Ask "How did we do?" with a WhatsApp poll when a member closes a ticket (off by default): each group may
   * follow this or set its own (setGroupSatisfactionPoll). At most one poll per customer of a group a day.
   */
  satisfaction_poll: z.boolean(),
});
export type SettingsResponse = z.infer<typeof settingsResponse>;

/** POST /org/updateSettings/ (admin) — any subset of the fields → 200 settingsResponse. */
export const updateSettingsRequest = z.object({
  ack_phrases: z
    .array(
      z
        .string({ error: settingsMessages.ackPhrasesInvalid })
        .trim()
        .min(1, { error: settingsMessages.ackPhrasesInvalid })
        .max(MAX_ACK_PHRASE_LENGTH, { error: settingsMessages.ackPhrasesInvalid }),
      { error: settingsMessages.ackPhrasesInvalid },
    )
    .max(MAX_ACK_PHRASES, { error: settingsMessages.ackPhrasesInvalid })
    .optional(),
  unanswered_minutes: z
    .number({ error: settingsMessages.unansweredMinutesInvalid })
    .int({ error: settingsMessages.unansweredMinutesInvalid })
    .min(1, { error: settingsMessages.unansweredMinutesInvalid })
    .max(10080, { error: settingsMessages.unansweredMinutesInvalid })
    .optional(),
  auto_pending: z.boolean({ error: settingsMessages.autoPendingInvalid }).optional(),
  reopen_days: z
    .number({ error: settingsMessages.reopenDaysInvalid })
    .int({ error: settingsMessages.reopenDaysInvalid })
    .min(0, { error: settingsMessages.reopenDaysInvalid })
    .max(MAX_REOPEN_DAYS, { error: settingsMessages.reopenDaysInvalid })
    .optional(),
  business_hours: businessHours.optional(),
  /** The whole list, replacing the stored one: policies with an id change, without one are added, others go. */
  sla_policies: slaPolicies.optional(),
  sla_warning_minutes: z
    .number({ error: settingsMessages.slaWarningInvalid })
    .int({ error: settingsMessages.slaWarningInvalid })
    .min(1, { error: settingsMessages.slaWarningInvalid })
    .max(MAX_SLA_WARNING_MINUTES, { error: settingsMessages.slaWarningInvalid })
    .optional(),
  out_of_hours_reply: z.boolean({ error: settingsMessages.outOfHoursInvalid }).optional(),
  out_of_hours_message: z
    .string({ error: settingsMessages.outOfHoursMessageInvalid })
    .trim()
    .min(1, { error: settingsMessages.outOfHoursMessageInvalid })
    .max(MAX_OUT_OF_HOURS_MESSAGE, { error: settingsMessages.outOfHoursMessageInvalid })
    .optional(),
  satisfaction_poll: z.boolean({ error: settingsMessages.satisfactionPollInvalid }).optional(),
});
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequest>;

/**
 * POST /org/updateOrganisation/ (owner with a verified address) → 200 organisationResponse: renames the
 * organisation. The signed-in user's `organisation_name` (authcheck) is the name to show.
 */
export const updateOrganisationRequest = z.object({
  name: organisationName.min(1, { error: authMessages.organisationNameRequired }),
});
export type UpdateOrganisationRequest = z.input<typeof updateOrganisationRequest>;
export const organisationResponse = z.object({ name: z.string() });
export type OrganisationResponse = z.infer<typeof organisationResponse>;
