import { z } from 'zod';

// The audit log (docs/decisions/0019): who did what and when, per organisation. Written by the server as things
// happen; owners and admins read it; nothing edits it.

/** Every action the log records, with the words the Audit log page shows for it. */
export const auditActionLabels = {
  'auth.signed_in': 'Signed in',
  'auth.password_changed': 'Changed their password',
  'member.invited': 'Invited a member',
  'member.invitation_revoked': 'Revoked an invitation',
  'member.joined': 'Joined the organisation',
  'member.role_changed': 'Changed a role',
  'member.removed': 'Removed a member',
  'member.agent_linked': 'Linked a member to an agent phone',
  'session.created': 'Created a session',
  'session.terminated': 'Terminated a session',
  'agent.added': 'Added an agent',
  'agent.edited': 'Edited an agent',
  'agent.removed': 'Removed an agent',
  'ticket.status_changed': 'Changed a ticket status',
  'ticket.assigned': 'Changed a ticket assignee',
  'ticket.labels_changed': 'Changed ticket labels',
  'ticket.reply_sent': 'Replied from the desk',
  'ticket.reply_failed': 'WhatsApp refused a reply',
  'ticket.note_added': 'Added a note',
  'ticket.merged': 'Merged tickets',
  'ticket.split': 'Split a ticket',
  'group.mode_changed': 'Changed a group mode',
  'group.satisfaction_poll_changed': 'Changed a group’s satisfaction poll',
  'group.message_sent': 'Wrote in a group',
  'settings.changed': 'Changed settings',
  'organisation.renamed': 'Renamed the organisation',
  'label.saved': 'Saved a label',
  'label.deleted': 'Deleted a label',
  'canned_reply.saved': 'Saved a canned reply',
  'canned_reply.deleted': 'Deleted a canned reply',
} as const;

export type AuditAction = keyof typeof auditActionLabels;
export const auditActions = Object.keys(auditActionLabels) as [AuditAction, ...AuditAction[]];
export const auditAction = z.enum(auditActions);

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
/** The CSV export stops here: a bigger export asks for a narrower date range. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

export const auditMessages = {
  dateInvalid: 'Dates must be ISO dates (2026-05-01) or date-times with a time zone.',
  rangeInvalid: 'The start of the date range must not be after its end.',
} as const;

/**
 * A date (`2026-05-01`: that whole UTC day) or a date-time with a zone. `from` is inclusive; `to` is
 * exclusive for a date-time and includes the whole day for a date.
 */
const auditDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: auditMessages.dateInvalid,
});

/** A member's id: an int4 in the database. */
const MAX_MEMBER_ID = 2 ** 31 - 1;

const auditFilterShape = {
  action: auditAction.optional(),
  actor_id: z.number().int().positive().max(MAX_MEMBER_ID).optional(),
  from: auditDate.optional(),
  to: auditDate.optional(),
};

/** POST /org/getAuditLog/ (admin) → 200 auditLogResponse, newest first. */
export const auditLogRequest = z.object({
  ...auditFilterShape,
  /** The `id` of the oldest entry of the previous page: the next page is older than it. */
  before_id: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
});
export type AuditLogRequest = z.input<typeof auditLogRequest>;

/** GET /org/auditLog.csv (admin): the same filters as query parameters → text/csv, newest first. */
export const auditLogExportQuery = z.object({
  ...auditFilterShape,
  actor_id: z.coerce.number().int().positive().max(MAX_MEMBER_ID).optional(),
});
export type AuditLogExportQuery = z.input<typeof auditLogExportQuery>;

export const auditLogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** null: WhatsApp or the system did it. */
  actor_id: z.number().int().nullable(),
  /** "Ana Silva <ana@example.com>" as they were when it happened; kept after they are removed. */
  actor_name: z.string().nullable(),
  /** An auditAction; a string so that entries of actions a newer server wrote still list. */
  action: z.string(),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const auditLogResponse = z.object({
  entries: z.array(auditLogEntry),
  /** Older entries match the filters: ask again with `before_id` = the last entry's id. */
  has_more: z.boolean(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponse>;
