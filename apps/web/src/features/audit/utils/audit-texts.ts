import { type AuditAction, type AuditLogEntry, auditActionLabels } from '@wadesk/contract';

export const AUDIT_TEXTS = {
  title: 'Audit log',
  description: 'Who did what and when in your organisation. Entries cannot be changed.',
  loadFailed: 'The audit log could not be loaded.',
  exportFailed: 'The export could not be made.',
  empty: 'No entries match these filters.',
  system: 'WhatsApp / system',
} as const;

/** The words for an action; an action this page does not know yet shows as the server wrote it. */
export function actionLabel(action: string): string {
  return auditActionLabels[action as AuditAction] ?? action;
}

/** "Ann Lee <ann@example.com>" → name and address apart; a null actor is WhatsApp or the desk itself. */
export function actorParts(entry: Pick<AuditLogEntry, 'actor_name' | 'actor_id'>): {
  name: string;
  email: string | null;
} {
  if (!entry.actor_name)
    return { name: entry.actor_id === null ? AUDIT_TEXTS.system : `Member #${entry.actor_id}`, email: null };
  const match = /^(.*?)\s*<([^>]+)>$/.exec(entry.actor_name);
  if (!match) return { name: entry.actor_name, email: null };
  return { name: match[1] || (match[2] ?? ''), email: match[2] ?? null };
}

const str = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

const METHODS: Record<string, string> = {
  password: 'With a password',
  google: 'With Google',
  registration: 'After creating the account',
  invitation: 'After accepting an invitation',
};

const roleWord = (role: unknown) => (str(role) ? `${str(role)}` : 'unknown role');

/** A list of names ("Billing, Urgent"), or `none` for an empty one. */
const names = (value: unknown, none: string): string =>
  Array.isArray(value) && value.length > 0 ? value.map(String).join(', ') : (str(value) ?? none);

/** Key: value pairs of what no rule below describes (ids left out: the target names the thing). */
function generic(details: Record<string, unknown>): string {
  if ('from' in details && 'to' in details)
    return `From ${names(details.from, '—')} to ${names(details.to, '—')}`;
  return Object.entries(details)
    .filter(([key, value]) => !key.endsWith('_id') && value !== null && typeof value !== 'object')
    .map(([key, value]) => `${key.replaceAll('_', ' ')}: ${String(value)}`)
    .join(', ');
}

/** An entry's details as a sentence for the table; '' when there is nothing to add. */
export function detailsInWords(entry: Pick<AuditLogEntry, 'action' | 'details'>): string {
  const d = entry.details;
  switch (entry.action) {
    case 'auth.signed_in':
      return METHODS[str(d.method) ?? ''] ?? '';
    case 'member.invited':
      return `As ${roleWord(d.role)}`;
    case 'member.invitation_revoked':
      return `Was invited as ${roleWord(d.role)}`;
    case 'member.joined':
      return d.replaced_unverified_account
        ? `As ${roleWord(d.role)}, replacing an unverified account of the same address`
        : `As ${roleWord(d.role)}`;
    case 'member.role_changed':
      return `From ${roleWord(d.from)} to ${roleWord(d.to)}`;
    case 'member.removed':
      return `Was ${roleWord(d.role)}`;
    case 'member.agent_linked':
      return str(d.agent_name) ? `Linked to agent ${str(d.agent_name)}` : 'Unlinked from their agent phone';
    case 'session.created':
      return d.reactivated ? 'Started again after it was terminated' : '';
    case 'session.terminated':
      return str(d.phone) ? `Phone ${str(d.phone)} logged out` : '';
    case 'agent.edited': {
      const was = (d.was ?? {}) as Record<string, unknown>;
      const parts = [
        str(was.name) ? `name ${str(was.name)}` : null,
        str(was.number) ? `number ${str(was.number)}` : null,
        str(was.user_type) ? `type ${str(was.user_type)}` : null,
      ].filter(Boolean);
      return parts.length ? `Was: ${parts.join(', ')}` : 'No change';
    }
    case 'ticket.labels_changed':
      return `From ${names(d.from, 'no labels')} to ${names(d.to, 'no labels')}`;
    case 'ticket.assigned': {
      // Assigned by a reply (no actor): to whom and why; by a member: from whom to whom.
      if (str(d.reason)) {
        const to = str(d.to) ?? (str(d.agent) ? `the member linked to ${str(d.agent)}` : 'a member');
        return `To ${to}: ${str(d.reason)}`;
      }
      return `From ${str(d.from) ?? 'Unassigned'} to ${str(d.to) ?? 'Unassigned'}`;
    }
    default:
      return generic(d);
  }
}
