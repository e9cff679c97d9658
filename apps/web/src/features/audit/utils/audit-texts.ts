import { type AuditAction, type AuditLogEntry, auditActionLabels } from '@wadesk/contract';

export const AUDIT_TEXTS = {
  title: 'Audit log',
  description: 'Who did what and when in your organisation. Entries cannot be changed.',
  loadFailed: 'The audit log could not be loaded.',
  exportFailed: 'The export could not be made. Try again.',
  empty: 'No entries match these filters.',
  system: 'WhatsApp / system',
} as const;

/** The words for an action; one this page does not know yet ("invoice.paid") reads "Invoice paid". */
export function actionLabel(action: string): string {
  const known = auditActionLabels[action as AuditAction];
  if (known) return known;
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
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
