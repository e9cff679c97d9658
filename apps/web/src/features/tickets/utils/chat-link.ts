import type { Ticket } from '@wadesk/contract';

/** The WhatsApp Chat page opened on the ticket's group, scrolled to `waId` (its first message). */
export function chatLink(ticket: Pick<Ticket, 'session_id' | 'group_id'>, waId: string | undefined): string {
  const query = new URLSearchParams({ session: ticket.session_id, group: ticket.group_id });
  if (waId) query.set('message', waId);
  return `/whatsapp-chat?${query.toString()}`;
}
