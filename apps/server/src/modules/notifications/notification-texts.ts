// The notifications' words, written once for every place that posts (decision 0022).

/** Longest body kept: the bell shows one or two lines. */
export const NOTIFICATION_BODY_MAX = 200;

export function clip(text: string, max = NOTIFICATION_BODY_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

interface TicketFacts {
  id: number;
  customer: string;
  groupName: string;
}

const where = (t: TicketFacts) => `${t.customer} in ${t.groupName}`;

/** "30 min", "2 h", "1 h 30 min", "1 day", "2 days 3 h". */
export function formatMinutes(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [
    days ? `${days} ${days === 1 ? 'day' : 'days'}` : '',
    hours ? `${hours} h` : '',
    rest ? `${rest} min` : '',
  ].filter(Boolean);
  return parts.join(' ') || '0 min';
}

export const notificationTexts = {
  newTicket: (t: TicketFacts, lastMessage: string) => ({
    title: `New ticket from ${where(t)}`,
    body: clip(lastMessage),
  }),
  unanswered: (t: TicketFacts, minutes: number) => ({
    title: `Ticket #${t.id} from ${t.customer} unanswered for ${formatMinutes(minutes)}`,
    body: t.groupName,
  }),
  assigned: (t: TicketFacts, by: string) => ({
    title: `${by} assigned ticket #${t.id} to you`,
    body: where(t),
  }),
  reopened: (t: TicketFacts, lastMessage: string) => ({
    title: `Ticket #${t.id} reopened: ${t.customer} wrote again`,
    body: clip(lastMessage),
  }),
  customerReplied: (t: TicketFacts, lastMessage: string) => ({
    title: `${t.customer} replied on ticket #${t.id}`,
    body: clip(lastMessage),
  }),
  mentioned: (t: TicketFacts, by: string, note: string) => ({
    title: `${by} mentioned you on ticket #${t.id}`,
    body: clip(note),
  }),
};
