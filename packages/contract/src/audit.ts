import { z } from 'zod';

// The audit log (issue 16 §4): who did what and when, per organisation. Written by the server as things
// happen; owners and admins read it; nothing edits it.

/** Every action the log records, with the words the Audit log page shows for it. */
export const auditActionLabels = {
  'auth.signed_in': 'Signed in',
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
  'ticket.note_added': 'Added a note',
  'ticket.merged': 'Merged tickets',
  'ticket.split': 'Split a ticket',
  'group.mode_changed': 'Changed a group mode',
  'settings.changed': 'Changed settings',
  'label.saved': 'Saved a label',
  'label.deleted': 'Deleted a label',
  'canned_reply.saved': 'Saved a canned reply',
  'canned_reply.deleted': 'Deleted a canned reply',
} as const;

export type AuditAction = keyof typeof auditActionLabels;
export const auditActions = Object.keys(auditActionLabels) as [AuditAction, ...AuditAction[]];
export const auditAction = z.enum(auditActions);
