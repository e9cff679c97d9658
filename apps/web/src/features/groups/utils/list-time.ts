// The time beside a group in the list, as WhatsApp's chat list shows it, in the product's en-IN forms.

const time = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit' });
const date = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** "02:07 pm": the time of day of a message (its day is in the chat's day separator). */
export function formatTime(timestampSeconds: number): string {
  return time.format(new Date(timestampSeconds * 1000));
}

const dayStart = (at: Date) => new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();

/** Today: the time ("02:07 pm"); yesterday: "Yesterday"; before: the date ("5 Mar 2024"). Local days. */
export function listTime(timestampSeconds: number, now: Date = new Date()): string {
  const at = new Date(timestampSeconds * 1000);
  const today = dayStart(now);
  const day = dayStart(at);
  if (day >= today) return time.format(at);
  // The day before today's start, by the calendar (a daylight-saving day is not 24 hours long).
  const yesterday = dayStart(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  if (day >= yesterday) return 'Yesterday';
  return date.format(at);
}
